// Escalation of entrapments (issue 19) against the real server and the seeded demo data: the admin
// sets its organisation's limits under Beheer › Escalatie, and a user subscribes to escalations in
// Meldingen, where those limits are shown. axe checks both pages.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn, openProfile } from './support/demo.ts';

test('an admin changes the escalation limits; a user subscribes to escalations and sees them', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const beheer = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name: 'Beheer' });
  await beheer.getByRole('link', { name: 'Escalatie' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Escalatie' })).toBeVisible();
  const form = page.getByRole('form', { name: /^Grenzen van / });
  const first = form.getByRole('spinbutton', { name: /Eerste escalatie na/ });
  const second = form.getByRole('spinbutton', { name: /Tweede escalatie na/ });
  await expect(first).toHaveValue('5');
  await expect(second).toHaveValue('15');
  expect(await seriousViolations(page)).toEqual([]);

  // Checked before sending: the second limit comes after the first.
  await second.fill('4');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('De tweede grens moet later zijn dan de eerste')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await first.fill('3');
  await second.fill('20');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(/^Escalatiegrenzen van .+ opgeslagen$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: /Eerste escalatie na/ })).toHaveValue('3');
  await expect(page.getByRole('spinbutton', { name: /Tweede escalatie na/ })).toHaveValue('20');

  // A user of the organisation reads them in Meldingen and subscribes to escalations.
  const dialog = await openProfile(page);
  await dialog.getByRole('button', { name: /^Log .+ uit$/ }).click();
  await logIn(page, demoUsers.user);
  await (await openProfile(page)).getByRole('link', { name: 'Meldingen' }).click();
  const escalations = page.getByRole('list', { name: 'Escalaties bij opsluiting' });
  await expect(escalations.getByText(/: 3 minuten en 20 minuten\.$/)).toBeVisible();
  const option = escalations.getByRole('checkbox', { name: 'Opsluiting niet op tijd bevestigd' });
  await option.check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Meldingen opgeslagen')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Opsluiting niet op tijd bevestigd' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
});
