// Field work from the sticker on the lift (issue 18 point 7): on a phone (390 × 844) a monteur scans
// the lift's QR sticker, logs in, lands on that lift with the session locked to it, starts a visit
// and ends it with remarks, in one go. An administrator's dashboard on a desktop follows the visits
// card within a second of the start and of the end. axe checks every page on the way.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoPassword, demoUsers, fillLogin, logIn } from './support/demo.ts';
import { timed } from './support/timed.ts';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const organisationId = 1;
/** From the tap to the other screen's card: the server pushes the change, the card refetches. */
const followWithin = 1_000;

const visitsCard = (page: Page): Locator => page.getByRole('link', { name: /^Bezoeken [\d.]+$/ });
async function visitsCount(page: Page): Promise<number> {
  const name = (await visitsCard(page).getAttribute('aria-label')) ?? (await visitsCard(page).innerText());
  return Number(/([\d.]+)\s*$/.exec(name.replace(/\s+/g, ' '))?.[1]?.replace('.', '') ?? NaN);
}

/** Waits until the card shows `expected`; answers how long after `since` (ms) it did. */
async function cardFollows(page: Page, expected: number, since: number): Promise<number> {
  await expect.poll(() => visitsCount(page), { timeout: followWithin * 5, intervals: [50] }).toBe(expected);
  const elapsed = Date.now() - since;
  // In the report, so a slow machine's margin shows before it fails.
  test.info().annotations.push({ type: 'visits card followed', description: `${String(elapsed)} ms` });
  return elapsed;
}

async function touchSized(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
}

test(
  'a monteur scans a lift’s sticker, records a visit on the phone, and the admin’s dashboard follows within a second',
  timed,
  async ({ browser, baseURL }) => {
    const adminContext = await browser.newContext({ viewport: desktop });
    const phoneContext = await browser.newContext({ baseURL, viewport: phone, locale: 'nl-NL' });
    const admin = await adminContext.newPage();
    const monteur = await phoneContext.newPage();
    try {
      await logIn(admin, demoUsers.admin);
      // A lift nobody works on yet, and not the one the other visit flow uses (the first).
      const busy = await apiData<{ items: StatsDetailItem[] }>(admin, '/stats/details', {
        type: 'visits',
        organisationId,
      });
      const lifts = await apiData<LiftListResponse['data']>(admin, '/lift', { organisationId, limit: 20, offset: 0 });
      const lift = lifts.items.slice(1).find((item) => !busy.items.some((b) => b.liftId === item.id));
      if (!lift) throw new Error('no demo lift without a visit in progress');
      await expect(visitsCard(admin)).toBeVisible({ timeout: 20_000 });
      const before = await visitsCount(admin);
      expect(await seriousViolations(admin)).toEqual([]);

      // The sticker's URL (lift-stickers.spec.ts reads it off the printed sheet) on a phone without a session.
      await monteur.goto(`/lifts/${String(lift.id)}?sticker=1`);
      await expect(monteur.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
      expect(await seriousViolations(monteur)).toEqual([]);
      await fillLogin(monteur, demoUsers.monteur, demoPassword);

      await expect(monteur).toHaveURL(new RegExp(`/lifts/${String(lift.id)}$`));
      await expect(monteur.getByRole('heading', { level: 1, name: lift.details.liftname ?? '' })).toBeVisible();
      await expect(monteur.getByRole('region', { name: 'Vergrendeld op lift' })).toContainText(
        `vergrendeld op lift ${String(lift.id)}`,
      );

      const panel = monteur.getByRole('region', { name: 'Bezoek ter plaatse' });
      const startVisit = panel.getByRole('button', { name: 'Bezoek starten' });
      await touchSized(startVisit);
      expect(await monteur.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      expect(await seriousViolations(monteur)).toEqual([]);

      await startVisit.click();
      const form = panel.getByRole('form', { name: 'Een bezoek starten' });
      await form.getByLabel('Type').selectOption('repair');
      await form.getByLabel('Rol').selectOption('mechanic');
      const start = form.getByRole('button', { name: 'Starten' });
      await touchSized(start);
      const startedAt = Date.now();
      await start.click();
      const open = panel.getByRole('form', { name: 'Reparatie bezig' });
      await expect(open).toBeVisible();
      expect(await cardFollows(admin, before + 1, startedAt)).toBeLessThanOrEqual(followWithin);
      expect(await monteur.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      expect(await seriousViolations(monteur)).toEqual([]);

      await open.getByLabel('Opmerkingen').fill('Deurcontact bovenste verdieping vervangen');
      const finish = open.getByRole('button', { name: 'Afronden' });
      await touchSized(finish);
      const endedAt = Date.now();
      await finish.click();
      await expect(open).toHaveCount(0);
      expect(await cardFollows(admin, before, endedAt)).toBeLessThanOrEqual(followWithin);
      // Still locked to the lift, ready for the next job on it.
      await expect(monteur).toHaveURL(new RegExp(`/lifts/${String(lift.id)}$`));
      await expect(monteur.getByRole('region', { name: 'Vergrendeld op lift' })).toBeVisible();
      expect(await seriousViolations(monteur)).toEqual([]);

      // Recorded once, finished, with the remarks, in the monteur's name.
      const monteurName = (await apiData<{ name: string }>(monteur, '/user')).name;
      const visits = await apiData<{
        items: { type: string; state: string; remarks: string | null; person: string | null }[];
      }>(monteur, `/lift/${String(lift.id)}/visits`, { limit: 1, offset: 0 });
      expect(visits.items[0]).toMatchObject({
        type: 'repair',
        state: 'finished',
        remarks: 'Deurcontact bovenste verdieping vervangen',
        person: monteurName,
      });
    } finally {
      await adminContext.close();
      await phoneContext.close();
    }
  },
);
