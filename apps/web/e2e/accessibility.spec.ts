import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoUsers, logIn, openProfile } from './support/demo.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^Versie /)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByLabel('E-mailadres')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell has no serious or critical accessibility violations', async ({ page }) => {
  await logIn(page, demoUsers.onderhoud);
  expect(await seriousViolations(page)).toEqual([]);
  await openProfile(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the lift header strip, the password reset page and the error page have none either', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/lifts/1');
  await expect(page.getByRole('region', { name: 'Geselecteerde lift' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/password-reset/some-token');
  await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord instellen' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
