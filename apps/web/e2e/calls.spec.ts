import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { callTotalsSchema } from '@liftwacht/contracts/calls';
import type { Lift } from '@liftwacht/contracts/lifts';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';
import { liftWithModule } from './support/lift-realtime.ts';
import { moduleFrame, publishModuleMessage } from './support/modules.ts';

const kindLabels = { entrapment: 'Opsluiting', false_alarm: 'Loos alarm', test: 'Test', other: 'Overig' } as const;

test('the calls page shows the totals per kind the API reports', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/liftwacht/calls' && response.ok(),
  );
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Oproepen', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Oproepen' })).toBeVisible();
  const body = (await (await answer).json()) as { data: { totals: unknown } };
  const totals = callTotalsSchema.parse(body.data.totals);

  const group = page.getByRole('group', { name: 'Oproepen per soort' });
  for (const [kind, label] of Object.entries(kindLabels)) {
    await expect(
      group.getByRole('button', { name: `${label} (${totals[kind as keyof typeof totals]})` }),
    ).toBeVisible();
  }
});

test('the current calls page shows the running calls or says there are none', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/current-calls');
  await expect(page.getByRole('heading', { level: 1, name: 'Actuele oproepen' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Actuele oproepen' });
  const empty = page.getByText('Er zijn op dit moment geen actieve oproepen');
  await expect(table.or(empty)).toBeVisible();
  if (await table.isVisible()) {
    // Each call names its lift with the address, and how long it runs in units.
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('button', { name: /^Oproep .+, .+ afhandelen$/ })).toBeVisible();
    await expect(first.locator('time')).toHaveText(/^\d+ (s|min|u \d{2} min|d \d+ u)$/);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('an alarm call published over MQTT waits behind the "new" marker on the open calls list', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const stored = () => page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  await expect.poll(stored).not.toBeNull();
  const organisationId = Number(await stored());
  const { lift } = await liftWithModule(page, '', organisationId);
  const address = (await apiData<Lift>(page, `/lift/${String(lift.id)}`)).details.address ?? '';
  const following = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes(`{"data":{"organisationId":${String(organisationId)}}}`)) resolve();
      });
    });
  });
  await page.goto('/alarm-calls');
  const table = page.getByRole('table', { name: 'Oproepen' });
  await expect(table).toBeVisible();
  await following;

  const callId = randomUUID();
  await publishModuleMessage(lift.esNumber, moduleFrame({ alarmCall: { callId, phase: 'received' } }));
  try {
    const marker = page.getByRole('button', { name: /^\d+ nieuwe oproep(en)? tonen$/ });
    await expect(marker).toBeVisible({ timeout: 5000 });
    expect(await seriousViolations(page)).toEqual([]);
    await marker.click();
    // The row names the lift with its address.
    await expect(table.getByRole('row').filter({ hasText: address }).filter({ hasText: 'Ontvangen' })).not.toHaveCount(
      0,
    );
  } finally {
    await publishModuleMessage(
      lift.esNumber,
      moduleFrame({ alarmCall: { callId, phase: 'ended', kind: 'false_alarm' } }),
    );
  }
});

test('on a phone the alarm calls and current calls are entries that fit, without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demoUsers.admin);
  await page.goto('/alarm-calls');
  await expect(page.getByRole('list', { name: 'Oproepen' }).getByRole('listitem').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/current-calls');
  const list = page.getByRole('list', { name: 'Actuele oproepen' });
  await expect(list.or(page.getByText('Er zijn op dit moment geen actieve oproepen'))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
