// The lift page's realtime alerts as the realtime flows drive them: log in on a given server (flows
// with their own servers have their own origins), pick a demo lift with a module and faults it does
// not report yet, and follow the page's socket until it listens to that module.
import { expect, type Locator, type Page } from '@playwright/test';
import { faultCodes, type FaultCode } from '@liftwacht/contracts/ingest';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { SenseDataResponse } from '@liftwacht/contracts/sense';
import { storedToken } from './dashboard.ts';
import { demoPassword, demoUsers, fillLogin } from './demo.ts';
import type { LiftWithModule } from './modules.ts';

/** Dutch texts of the realtime alerts the flows expect (locales/nl/realtime.json). */
export const faultTexts: Partial<Record<FaultCode, string>> = {
  door_closing_fault: 'Storing bij sluiten deur',
  lock_circuit_broken: 'Vergrendelcircuit onderbroken',
  low_control_voltage: 'Te lage stuurspanning',
  door_opening_fault: 'Storing bij openen deur',
};

/** The alert a fault raised on the given floor shows. */
export const faultAlertText = (fault: FaultCode, floor: number): string =>
  `${faultTexts[fault] ?? fault} op verdieping ${String(floor)}`;

export const alertsPanel = (page: Page): Locator => page.getByRole('region', { name: 'Realtime meldingen' });

/** GET /liftwacht{path} on the given server with the page's token; the JSON body's data. */
async function apiDataAt<T>(page: Page, origin: string, path: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const response = await page.request.get(`${origin}/liftwacht${path}?${search.toString()}`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(response.ok(), `${path} answered ${String(response.status())}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Logs the demo admin in on the server at `origin`; the organisation the app picked. */
export async function logInAt(page: Page, origin: string): Promise<number> {
  await page.goto(`${origin}/`);
  await fillLogin(page, demoUsers.admin, demoPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The app picks the user's organisation once the organisation list has loaded.
  const stored = () => page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  await expect.poll(stored).not.toBeNull();
  return Number(await stored());
}

/** A demo lift with a module, and faults it does not report now (so raising one is news). */
export async function liftWithModule(
  page: Page,
  origin: string,
  organisationId: number,
): Promise<{ lift: LiftWithModule; freeFaults: FaultCode[] }> {
  const lifts = await apiDataAt<LiftListResponse['data']>(page, origin, '/lift', {
    organisationId,
    limit: 50,
    offset: 0,
  });
  const item = lifts.items.find((candidate) => candidate.module !== null);
  if (!item?.module) throw new Error('no demo lift with a module');
  const lift: LiftWithModule = { id: item.id, name: item.details.liftname ?? '', esNumber: item.module.esNumber };
  const sense = await apiDataAt<SenseDataResponse['data']>(page, origin, `/lift/${String(lift.id)}/sense-data`);
  const active = sense.items.find((reading) => reading.key === 'faults')?.value;
  const free = faultCodes.filter((code) => faultTexts[code] && !(Array.isArray(active) && active.includes(code)));
  return { lift, freeFaults: free };
}

/** Resolves on the n-th acknowledged `listen` of this module on any of the page's sockets. */
export function listenAcks(page: Page, esNumber: string): (n: number) => Promise<void> {
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
