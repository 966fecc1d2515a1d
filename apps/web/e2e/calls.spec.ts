import { expect, test } from '@playwright/test';
import { callTotalsSchema } from '@liftwacht/contracts/calls';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn } from './support/demo.ts';

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
