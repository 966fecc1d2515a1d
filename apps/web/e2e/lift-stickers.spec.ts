// Issue 18 point 1 at phone size: an administrator prints the QR sticker sheet of a lift from the
// lifts list (read back with pdftotext), and a monteur who opens that sticker's URL logs in, lands
// on the lift and finds the session locked to it. axe checks the new buttons and the banner.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import type { Lift } from '@liftwacht/contracts/lifts';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, fillLogin, logIn } from './support/demo.ts';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

async function firstLift(page: Page): Promise<Lift> {
  const organisationId = await page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  const list = await apiData<{ items: Lift[] }>(page, '/lift', { organisationId: organisationId ?? '', limit: 1 });
  const lift = list.items[0];
  if (!lift) throw new Error('the demo organisation has no lifts');
  return lift;
}

test('an admin prints a lift’s sticker; its URL leads a monteur through the login to the lift, locked', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, demoUsers.admin);
  const lift = await firstLift(page);
  const name = lift.details.liftname ?? '';

  await page.goto(`/lifts?search=${encodeURIComponent(name)}`);
  const print = page.getByRole('button', { name: 'Stickers printen' });
  await expect(print).toBeVisible();
  expect((await print.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await print.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^liftwacht-stickers-\d+\.pdf$/);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await file.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain(name);
  const stickerUrl = `${baseURL ?? ''}/lifts/${String(lift.id)}?sticker=1`;
  expect(text).toContain(stickerUrl);
  await expect(page.getByText(/liftwacht-stickers-\d+\.pdf is gedownload\./)).toBeVisible();

  // The lift page offers the one lift's sticker.
  await page.goto(`/lifts/${String(lift.id)}`);
  await expect(page.getByRole('button', { name: 'Stickers printen' })).toBeVisible();

  // A phone without a session scans the sticker.
  const phoneContext = await browser.newContext({ baseURL, viewport: phone, locale: 'nl-NL' });
  const monteur = await phoneContext.newPage();
  await monteur.goto(stickerUrl);
  await expect(monteur.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await fillLogin(monteur, demoUsers.monteur, 'Liftwacht-demo-2026');

  await expect(monteur).toHaveURL(new RegExp(`/lifts/${String(lift.id)}$`));
  await expect(monteur.getByRole('heading', { level: 1, name })).toBeVisible();
  const banner = monteur.getByRole('region', { name: 'Vergrendeld op lift' });
  await expect(banner).toContainText(`vergrendeld op lift ${String(lift.id)}`);
  await expect(monteur.getByRole('button', { name: 'Ontgrendelen' })).toHaveCount(0);
  expect(await monteur.evaluate(() => localStorage.getItem('liftwacht-locked-lift-id'))).toBe(String(lift.id));
  // The monteur may not print stickers.
  await expect(monteur.getByRole('button', { name: 'Stickers printen' })).toHaveCount(0);
  // The banner this flow adds; the rest of the lift page is the lifts flow's (lifts.spec.ts).
  expect(await seriousViolations(monteur, { include: '[role="region"][aria-label="Vergrendeld op lift"]' })).toEqual(
    [],
  );

  // The next login of this phone lands on the locked lift again.
  await monteur.goto('/');
  await expect(monteur).toHaveURL(new RegExp(`/lifts/${String(lift.id)}$`));
  await phoneContext.close();
});
