import { expect, test } from '@playwright/test';

test('an unknown path shows the error page with a way back', async ({ page }) => {
  await page.goto('/this/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
  await page.getByRole('link', { name: 'Naar de startpagina' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
});
