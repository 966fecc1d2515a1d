// Issue 18 at phone size: the inspection company's demo login records a rejected inspection with a
// certificate on a lift of the housing association, downloads the certificate back byte-identical,
// and writes a logbook line; axe checks the new panels and forms.
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn } from './support/demo.ts';

/** A one-page PDF, different every run. */
function tinyPdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

test.use({ viewport: { width: 390, height: 844 } });

test('the inspection company records a rejected inspection with its certificate and writes the logbook', async ({
  page,
}) => {
  const tag = `e2e${Date.now().toString(36)}`;
  const pdf = tinyPdf(tag);
  const pdfPath = join(tmpdir(), `certificaat-${tag}.pdf`);
  await writeFile(pdfPath, pdf);

  await logIn(page, demoUsers.keuring);
  // The seeded fleet's first lift belongs to the housing association the inspection company serves.
  await page.goto('/lifts/1');
  const panel = page.getByRole('region', { name: 'Keuringen' });
  await expect(panel).toBeVisible();
  // due ahead, or past it (expired): either way the panel says when
  await expect(panel.getByText(/Volgende keuring uiterlijk|Keuring verlopen/)).toBeVisible();
  // The new UI only: the rest of the lift page is another flow's (its energy/sense tables scroll
  // sideways on a phone, which axe reports as scrollable-region-focusable).
  await panel.evaluate((element) => element.setAttribute('data-e2e', 'inspections'));
  expect(await seriousViolations(page, { include: '[data-e2e="inspections"]' })).toEqual([]);

  await panel.getByRole('button', { name: 'Keuring vastleggen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keuring vastleggen' });
  await expect(dialog.getByLabel('Geldig tot')).not.toHaveValue('');
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await dialog.getByRole('combobox', { name: 'Resultaat' }).click();
  await page.getByRole('option', { name: 'Afgekeurd' }).click();
  await expect(dialog.getByLabel('Geldig tot')).toHaveValue('');
  await dialog.getByLabel(/Bevindingen/).fill(`Noodverlichting defect ${tag}`);
  await dialog.getByLabel('Certificaat (PDF, max. 10 MB)').setInputFiles(pdfPath);
  await dialog.getByRole('button', { name: 'Vastleggen' }).click();
  await expect(dialog).toBeHidden();

  const item = panel.getByRole('listitem').filter({ hasText: tag });
  await expect(item).toContainText('Afgekeurd');
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: /Certificaat van de keuring/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await file.path())).equals(pdf)).toBe(true);

  // The logbook: a new line, shown with its correction action.
  const history = page.getByRole('checkbox', { name: 'Logboek' });
  if (!(await history.isChecked())) await history.check();
  const logbook = page.getByRole('region', { name: 'Logboek', exact: true });
  await logbook.getByRole('button', { name: 'Regel toevoegen' }).click();
  const entry = page.getByRole('dialog', { name: 'Logboekregel toevoegen' });
  await entry.getByLabel(/Omschrijving/).fill(`Herkeuring ingepland ${tag}`);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await entry.getByRole('button', { name: 'Opslaan' }).click();
  await expect(entry).toBeHidden();
  await expect(logbook.getByText(`Herkeuring ingepland ${tag}`)).toBeVisible();
  await expect(logbook.getByRole('button', { name: /corrigeren/i }).first()).toBeVisible();
  await logbook.evaluate((element) => element.setAttribute('data-e2e', 'logbook'));
  expect(await seriousViolations(page, { include: '[data-e2e="logbook"]' })).toEqual([]);
  // Phone first: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
