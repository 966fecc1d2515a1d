// Issue 7: the lift page's realtime alerts follow the lift's module live, and survive a server
// restart without a reload (the socket reconnects and sends its listen list again).
import { expect, test, type Page } from '@playwright/test';
import { faultCodes, type FaultCode } from '@liftwacht/contracts/ingest';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { SenseDataResponse } from '@liftwacht/contracts/sense';
import { storedToken } from './support/dashboard.ts';
import { demoUsers, fillLogin } from './support/demo.ts';
import { moduleFrame, publishModuleMessage, type LiftWithModule } from './support/modules.ts';
import { startOwnServer } from './support/own-server.ts';
import { e2eMqttPort } from './support/ports.ts';

/** Dutch texts of the realtime alerts the flows expect (locales/nl/realtime.json). */
const faultTexts: Partial<Record<FaultCode, string>> = {
  door_closing_fault: 'Storing bij sluiten deur',
  lock_circuit_broken: 'Vergrendelcircuit onderbroken',
  low_control_voltage: 'Te lage stuurspanning',
  door_opening_fault: 'Storing bij openen deur',
};

async function apiData<T>(page: Page, origin: string, path: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const response = await page.request.get(`${origin}/liftwacht${path}?${search.toString()}`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(response.ok(), `${path} answered ${String(response.status())}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function logInAt(page: Page, origin: string): Promise<number> {
  await page.goto(`${origin}/`);
  await fillLogin(page, demoUsers.admin, 'Liftwacht-demo-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The app picks the user's organisation once the organisation list has loaded.
  const stored = () => page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  await expect.poll(stored).not.toBeNull();
  return Number(await stored());
}

/** A demo lift with a module, and faults it does not report now (so raising one is news). */
async function liftWithModule(page: Page, origin: string, organisationId: number) {
  const lifts = await apiData<LiftListResponse['data']>(page, origin, '/lift', {
    organisationId,
    limit: 50,
    offset: 0,
  });
  const item = lifts.items.find((candidate) => candidate.module !== null);
  if (!item?.module) throw new Error('no demo lift with a module');
  const lift: LiftWithModule = { id: item.id, name: item.details.liftname ?? '', esNumber: item.module.esNumber };
  const sense = await apiData<SenseDataResponse['data']>(page, origin, `/lift/${String(lift.id)}/sense-data`);
  const active = sense.items.find((reading) => reading.key === 'faults')?.value;
  const free = faultCodes.filter((code) => faultTexts[code] && !(Array.isArray(active) && active.includes(code)));
  return { lift, freeFaults: free };
}

/** Resolves on the n-th acknowledged `listen` of this module on any of the page's sockets. */
function listenAcks(page: Page, esNumber: string) {
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (!String(payload).includes(`{"data":{"es_number":"${esNumber}"}}`)) return;
      count += 1;
      for (const waiter of waiters.filter((w) => w.n <= count)) waiter.resolve();
    });
  });
  return (n: number) =>
    new Promise<void>((resolve) => {
      if (count >= n) resolve();
      else waiters.push({ n, resolve });
    });
}

const alertsPanel = (page: Page) => page.getByRole('region', { name: 'Realtime meldingen' });

async function raiseFault(page: Page, lift: LiftWithModule, fault: FaultCode, mqttPort: number): Promise<void> {
  const text = `${faultTexts[fault] ?? fault} op verdieping 2`;
  const started = Date.now();
  await publishModuleMessage(lift.esNumber, moduleFrame({ faults: [fault], floor: 2 }), mqttPort);
  // Issue 7: within 2 s of the module publishing it.
  await expect(alertsPanel(page).getByText(text, { exact: true })).toBeVisible({
    timeout: Math.max(1, 2000 - (Date.now() - started)),
  });
}

test('a module fault appears on the open lift page within 2 s', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const organisationId = await logInAt(page, origin);
  const { lift, freeFaults } = await liftWithModule(page, origin, organisationId);
  const [fault] = freeFaults;
  if (!fault) throw new Error('the lift reports every fault already');
  const listened = listenAcks(page, lift.esNumber);

  await page.goto(`/lifts/${String(lift.id)}`);
  await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible();
  await listened(1);
  await raiseFault(page, lift, fault, e2eMqttPort);
});

test('a server restart while on the lift page reconnects and resubscribes by itself', async ({ page }) => {
  // Its own server: seeding it takes about a minute on a busy machine.
  test.setTimeout(480_000);
  const server = await startOwnServer();
  try {
    const organisationId = await logInAt(page, server.url);
    const { lift, freeFaults } = await liftWithModule(page, server.url, organisationId);
    const [first, second] = freeFaults;
    if (!first || !second) throw new Error('the lift reports almost every fault already');
    const listened = listenAcks(page, lift.esNumber);

    await page.goto(`${server.url}/lifts/${String(lift.id)}`);
    await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible();
    await listened(1);
    await raiseFault(page, lift, first, server.mqttPort);
    // Marks this document: a reload would lose it.
    type Marked = Window & { realtimeE2eMarker?: boolean };
    await page.evaluate(() => {
      (window as Marked).realtimeE2eMarker = true;
    });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await server.stop();
    await expect(alertsPanel(page).getByText(/^Verbinding: (opnieuw verbinden…|verbinden…)$/)).toBeVisible();
    await server.start(120_000);

    await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible({ timeout: 30_000 });
    await listened(2);
    await raiseFault(page, lift, second, server.mqttPort);
    expect(navigations).toEqual([]);
    expect(await page.evaluate(() => (window as Marked).realtimeE2eMarker)).toBe(true);
  } finally {
    await server.dispose();
  }
});
