// Issue 7: the current calls page refreshes when the server pushes a change for the organisation,
// not only on its 10-second poll.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { CurrentCallsResponse } from '@liftwacht/contracts/calls';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';
import { moduleFrame, publishModuleMessage, type LiftWithModule } from './support/modules.ts';
import { timed } from './support/timed.ts';

async function chosenOrganisation(page: Page): Promise<number> {
  // The app picks the user's organisation once the organisation list has loaded.
  const stored = () => page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  await expect.poll(stored).not.toBeNull();
  return Number(await stored());
}

/** A lift of the organisation with a module and no running call, so its new call is the only one. */
async function quietLift(page: Page, organisationId: number): Promise<LiftWithModule & { address: string }> {
  const current = await apiData<CurrentCallsResponse['data']>(page, '/calls/current', {
    organisationId,
    limit: 1000,
  });
  const busy = new Set(current.items.map((call) => call.lift.id));
  const lifts = await apiData<LiftListResponse['data']>(page, '/lift', { organisationId, limit: 200, offset: 0 });
  const lift = lifts.items.find(
    (item) => item.module !== null && item.details.liftname && item.details.address && !busy.has(item.id),
  );
  if (!lift?.module || !lift.details.liftname || !lift.details.address)
    throw new Error('no named demo lift with a module, an address and no running call');
  return { id: lift.id, name: lift.details.liftname, address: lift.details.address, esNumber: lift.module.esNumber };
}

test(
  'an alarm call ingested for a demo lift appears on the open current calls page at once',
  timed,
  async ({ page }) => {
    await logIn(page, demoUsers.admin);
    const organisationId = await chosenOrganisation(page);
    const lift = await quietLift(page, organisationId);

    // The organisation socket says it follows the organisation once the server acknowledged it.
    const following = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes(`{"data":{"organisationId":${String(organisationId)}}}`)) resolve();
        });
      });
    });
    const polls: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/liftwacht/calls/current') polls.push(Date.now());
    });

    // A fresh document, so the only organisation socket is the one this page opens.
    await page.goto('/current-calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Actuele oproepen' })).toBeVisible();
    await following;
    await expect.poll(() => polls.length).toBeGreaterThan(0);
    const lastPoll = polls.at(-1) ?? 0;

    // Each row names its lift with the address (names repeat in the demo fleet): count this lift's rows.
    const table = page.getByRole('table', { name: 'Actuele oproepen' });
    const liftCells = table.getByRole('button', {
      name: `Oproep ${lift.name}, ${lift.address} afhandelen`,
      exact: true,
    });
    const before = await liftCells.count();

    const callId = randomUUID();
    await publishModuleMessage(lift.esNumber, moduleFrame({ alarmCall: { callId, phase: 'received' } }));
    try {
      await expect(liftCells).toHaveCount(before + 1, { timeout: 5000 });
      // It came with a fetch the push started: the page's own poll was not due yet.
      expect(Date.now() - lastPoll).toBeLessThan(9000);
      expect(polls.length).toBeGreaterThan(polls.indexOf(lastPoll) + 1);
    } finally {
      await publishModuleMessage(
        lift.esNumber,
        moduleFrame({ alarmCall: { callId, phase: 'ended', kind: 'false_alarm' } }),
      );
    }
  },
);
