// Escalation of entrapments (issue 19) against the real server and the seeded demo data: the admin
// changes its organisation's limits where escalations are subscribed to (Meldingen), and a user of
// the organisation reads them there and subscribes. axe checks the page and the dialog.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn, logOut, openProfile } from './support/demo.ts';

test('an admin changes the escalation limits in Meldingen; a user reads them and subscribes', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await (await openProfile(page)).getByRole('link', { name: 'Meldingen' }).click();
  const escalations = page.getByRole('list', { name: 'Escalaties bij opsluiting' });
  await expect(escalations.getByText(/^Grenzen van .+: 5 minuten en 15 minuten\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await escalations.getByRole('button', { name: /^Escalatiegrenzen van .+ wijzigen$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Escalatiegrenzen van / });
  const first = dialog.getByRole('spinbutton', { name: /Eerste escalatie na/ });
  const second = dialog.getByRole('spinbutton', { name: /Tweede escalatie na/ });
  await expect(first).toHaveValue('5');
  await expect(second).toHaveValue('15');
  // Checked before sending: the second limit comes after the first.
  await second.fill('4');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('De tweede grens moet later zijn dan de eerste')).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

  await first.fill('3');
  await second.fill('20');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Escalatiegrenzen van .+ opgeslagen$/)).toBeVisible();
  await page.reload();
  await expect(escalations.getByText(/^Grenzen van .+: 3 minuten en 20 minuten\.$/)).toBeVisible();
  await logOut(page);

  // A user of the organisation reads the new limits, may not change them, and subscribes.
  await logIn(page, demoUsers.user);
  await (await openProfile(page)).getByRole('link', { name: 'Meldingen' }).click();
  await expect(escalations.getByText(/^Grenzen van .+: 3 minuten en 20 minuten\.$/)).toBeVisible();
  await expect(escalations.getByRole('button', { name: /wijzigen$/ })).toHaveCount(0);
  await escalations.getByRole('checkbox', { name: 'Opsluiting niet op tijd bevestigd' }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Meldingen opgeslagen')).toBeVisible();
  await page.reload();
  await expect(escalations.getByRole('checkbox', { name: 'Opsluiting niet op tijd bevestigd' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
});
