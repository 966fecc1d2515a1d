// Issue 17, turned round by issue 41: the demo simulator brings the demo fleet's modules alive on the
// open lift page, and never speaks for a module registered through the API. The shared e2e server
// runs without the simulator (its flows need a quiet fleet), so this flow starts its own server with
// the simulator on.
import { expect, test, type Page } from '@playwright/test';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { ModuleWithKey } from '@liftwacht/contracts/sense-modules';
import { storedToken } from './support/dashboard.ts';
import { alertsPanel, liftWithModule, logInAt } from './support/lift-realtime.ts';
import { startOwnServer } from './support/own-server.ts';

/** A JSON request to /liftwacht{path} on `origin` with the page's token; the answer's data. */
async function api<T>(page: Page, origin: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await page.request.fetch(`${origin}/liftwacht${path}`, {
    method,
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${method} ${path} answered ${String(response.status())}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Counts the `module` messages of one ES number the page's sockets receive. */
function moduleMessages(page: Page, esNumber: string): () => number {
  let received = 0;
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('42["module",') && String(payload).includes(`"es":"${esNumber}"`)) received += 1;
    });
  });
  return () => received;
}

test('the simulator speaks for the demo modules only, never for a module registered through the API', async ({
  page,
}) => {
  // Its own server with the simulator: seeding takes about a minute on a busy machine.
  test.setTimeout(480_000);
  const server = await startOwnServer({ env: { SIMULATOR: 'true' } });
  try {
    expect(server.output()).toContain("Module simulator: on for the demo fleet's modules only");
    const organisationId = await logInAt(page, server.url);
    const { lift: demoLift } = await liftWithModule(page, server.url, organisationId);
    const free = await api<LiftListResponse['data']>(
      page,
      server.url,
      'POST',
      `/lift?organisationId=${String(organisationId)}&limit=1`,
      { hasModule: false },
    );
    const lift = free.items[0];
    if (!lift) throw new Error('the demo fleet has no lift without a module');
    const esNumber = `SIM-${Date.now().toString(36).toUpperCase()}`;
    const { module } = await api<ModuleWithKey>(page, server.url, 'POST', '/admin/modules', {
      esNumber,
      organisationId,
      liftId: lift.id,
    });
    expect(module.lift?.id).toBe(lift.id);

    // The demo module's lift page hears the simulator.
    const demoReceived = moduleMessages(page, demoLift.esNumber);
    await page.goto(`${server.url}/lifts/${String(demoLift.id)}`);
    await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible();
    await expect.poll(demoReceived, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);

    // The registered module's page stays silent past the simulator's 10-second look for new modules.
    const received = moduleMessages(page, esNumber);
    await page.goto(`${server.url}/lifts/${String(lift.id)}`);
    await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible();
    await expect(page.getByText(esNumber).first()).toBeVisible();
    await page.waitForTimeout(15_000);
    expect(received()).toBe(0);
    const current = await api<{ module: { lastSeenAt: string | null } | null }>(
      page,
      server.url,
      'GET',
      `/lift/${String(lift.id)}`,
    );
    expect(current.module?.lastSeenAt).toBeNull();
  } finally {
    await server.dispose();
  }
});
