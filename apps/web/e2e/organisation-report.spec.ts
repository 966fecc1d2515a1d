import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { showPeriodView } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';

test('a report made on the report page previews, downloads and matches what the page shows', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoUsers.admin);
  await page.goto('/organisation-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisatierapport' })).toBeVisible();
  await showPeriodView(page);
  await page.getByRole('button', { name: 'Vorige periode' }).click();

  const form = page.getByRole('form', { name: 'Rapport samenstellen' });
  const organisationSelect = form.getByLabel('Organisatie');
  const organisation = (await organisationSelect.locator('option:checked').textContent())?.trim() ?? '';
  expect(organisation).not.toBe('');
  const periodLine = (await page.getByText(/^Periode: .+ t\/m .+$/).textContent()) ?? '';
  const period = periodLine.replace(/^Periode: /, '');
  await form.getByLabel('Taal van het rapport').selectOption('nl');

  await form.getByRole('button', { name: 'Rapport maken' }).click();
  const preview = page.getByTitle(`Voorbeeld van het organisatierapport van ${organisation}`);
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`${organisation} · ${period} · Nederlands`)).toBeVisible();
  const saved = page.getByRole('table', { name: 'Uw laatste rapporten' });
  await expect(saved.getByRole('row').filter({ hasText: organisation }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'PDF downloaden' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^liftwacht-organisation-report-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const path = await file.path();
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-l', '1', path, '-'], { encoding: 'utf8' });
  // The cover names what the page showed: the organisation and the period, in Dutch.
  expect(text).toContain('Organisatierapport');
  expect(text).toContain(organisation);
  expect(text.replace(/\s+/g, ' ')).toContain(period);
});

test('scheduled reports can be subscribed to and stopped on Meldingen', async ({ page }) => {
  await logIn(page, demoUsers.user);
  await page.goto('/subscriptions');
  const section = page.getByRole('region', { name: 'Geplande organisatierapporten' });
  await expect(section).toBeVisible();
  await section.getByLabel('Hoe vaak').selectOption('quarterly');
  await section.getByRole('button', { name: 'Aanmelden' }).click();
  const list = section.getByRole('list', { name: 'Uw geplande rapporten' });
  await expect(list.getByText('Per kwartaal')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await list.getByRole('button', { name: /^Afmelden voor het per kwartaal rapport van / }).click();
  await expect(section.getByText('U ontvangt geen geplande rapporten.')).toBeVisible();
});
