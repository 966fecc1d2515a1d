// Issue 7: the lift page's realtime alerts follow the lift's module live, and survive a server
// restart without a reload (the socket reconnects and sends its listen list again).
import { expect, test, type Page } from '@playwright/test';
import type { FaultCode } from '@liftwacht/contracts/ingest';
import { alertsPanel, faultAlertText, listenAcks, liftWithModule, logInAt } from './support/lift-realtime.ts';
import { moduleFrame, publishModuleMessage, type LiftWithModule } from './support/modules.ts';
import { startOwnServer } from './support/own-server.ts';
import { e2eMqttPort } from './support/ports.ts';
import { timed } from './support/timed.ts';

async function raiseFault(page: Page, lift: LiftWithModule, fault: FaultCode, mqttPort: number): Promise<void> {
  const text = faultAlertText(fault, 2);
  const started = Date.now();
  await publishModuleMessage(lift.esNumber, moduleFrame({ faults: [fault], floor: 2 }), mqttPort);
  // Issue 7: within 2 s of the module publishing it.
  await expect(alertsPanel(page).getByText(text, { exact: true })).toBeVisible({
    timeout: Math.max(1, 2000 - (Date.now() - started)),
  });
}

test('a module fault appears on the open lift page within 2 s', timed, async ({ page, baseURL }) => {
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

test('a server restart while on the lift page reconnects and resubscribes by itself', timed, async ({ page }) => {
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
