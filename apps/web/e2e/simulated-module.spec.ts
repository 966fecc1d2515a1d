// Issue 17: a module registered on a lift starts sending the demo simulator's messages, and the
// open lift page receives them. The shared e2e server runs without the simulator (its flows need
// a quiet fleet), so this flow starts its own server with the simulator on.
import { expect, test, type Page } from '@playwright/test';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { ModuleWithKey } from '@liftwacht/contracts/sense-modules';
import { storedToken } from './support/dashboard.ts';
import { alertsPanel, logInAt } from './support/lift-realtime.ts';
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

test('a module registered on a free lift sends simulated messages that reach the open lift page', async ({ page }) => {
  // Its own server with the simulator: seeding takes about a minute on a busy machine.
  test.setTimeout(480_000);
  const server = await startOwnServer({ env: { SIMULATOR: 'true' } });
  try {
    const organisationId = await logInAt(page, server.url);
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

    const received = moduleMessages(page, esNumber);
    await page.goto(`${server.url}/lifts/${String(lift.id)}`);
    await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible();
    await expect(page.getByText(esNumber).first()).toBeVisible();
    // The simulator looks for new modules every 10 s and then sends every few seconds.
    await expect.poll(received, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    // What the module said is stored against the lift it is in.
    const current = await api<{ module: { lastSeenAt: string | null } | null }>(
      page,
      server.url,
      'GET',
      `/lift/${String(lift.id)}`,
    );
    expect(current.module?.lastSeenAt).not.toBeNull();
  } finally {
    await server.dispose();
  }
});
