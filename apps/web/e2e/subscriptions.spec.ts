import { expect, test } from '@playwright/test';
import { demoUsers, logIn, openProfile } from './support/demo.ts';

test('saved subscriptions are still there after a reload', async ({ page }) => {
  await logIn(page, demoUsers.user);
  const dialog = await openProfile(page);
  await dialog.getByRole('link', { name: 'Meldingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();

  const battery = page.getByRole('checkbox', { name: 'Accu alarmtelefoon zwak' });
  const save = page.getByRole('button', { name: 'Opslaan' });
  await expect(save).toBeDisabled();
  const wasChecked = await battery.isChecked();
  await battery.setChecked(!wasChecked);
  await save.click();
  await expect(page.getByText('Meldingen opgeslagen')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Accu alarmtelefoon zwak' })).toBeChecked({ checked: !wasChecked });
});

test('leaving with unsaved changes asks first', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/subscriptions');
  await page.getByRole('checkbox', { name: 'Alarmoproep' }).click();
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Events' }).click();
  const warning = page.getByRole('dialog', { name: 'Niet-opgeslagen wijzigingen' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Blijven' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByRole('checkbox', { name: 'Alarmoproep' })).toBeChecked();
});
