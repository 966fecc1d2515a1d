// Field work on a phone (issue 18): the demo monteur starts a visit on a lift and finishes it, one
// handed at 390 × 844; the demo user's dashboard in a second browser follows the visits card within
// seconds (the server pushes the change). axe checks the new panel and the monteur's dashboard.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';

const phone = { width: 390, height: 844 };
const organisationId = 1;

const visitsCard = (page: Page): Locator => page.getByRole('link', { name: /^Bezoeken [\d.]+$/ });
async function visitsCount(page: Page): Promise<number> {
  const name = (await visitsCard(page).getAttribute('aria-label')) ?? (await visitsCard(page).innerText());
  return Number(/([\d.]+)\s*$/.exec(name.replace(/\s+/g, ' '))?.[1]?.replace('.', '') ?? NaN);
}
async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

test('a monteur records a visit on a phone and a colleague’s dashboard follows', async ({ browser }) => {
  const watcherContext = await browser.newContext({ viewport: phone });
  const monteurContext = await browser.newContext({ viewport: phone });
  const watcher = await watcherContext.newPage();
  const monteur = await monteurContext.newPage();
  try {
    await logIn(watcher, demoUsers.user);
    const [lift] = (
      await apiData<{ items: { id: number }[] }>(watcher, '/lift', { limit: 1, offset: 0, organisationId })
    ).items;
    if (!lift) throw new Error('the demo fleet has no lift');
    await expect(visitsCard(watcher)).toBeVisible({ timeout: 20_000 });
    const before = await visitsCount(watcher);

    await logIn(monteur, demoUsers.monteur);
    // The monteur's dashboard shows its lift count (no endless placeholder) and what it works on.
    await expect(monteur.getByText(/\d+ liften · Actuele situatie/)).toBeVisible();
    await expect(monteur.getByRole('region', { name: 'Bezig met' })).toBeVisible();
    expect(await seriousViolations(monteur)).toEqual([]);

    await monteur.goto(`/lifts/${lift.id}`);
    const panel = monteur.getByRole('region', { name: 'Bezoek ter plaatse' });
    await panel.getByRole('button', { name: 'Bezoek starten' }).click();
    const form = panel.getByRole('form', { name: 'Een bezoek starten' });
    await form.getByLabel('Type').selectOption('maintenance');
    await form.getByLabel('Rol').selectOption('mechanic');
    const start = form.getByRole('button', { name: 'Starten' });
    expect((await start.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    // A double tap records once: both taps carry the attempt's Idempotency-Key.
    await start.dblclick();

    const open = panel.getByRole('form', { name: 'Onderhoud bezig' });
    await expect(open).toBeVisible();
    await noHorizontalScroll(monteur);
    // The whole page: its wide tables scroll inside named, focusable regions (ScrollableTable).
    expect(await seriousViolations(monteur)).toEqual([]);
    await expect.poll(() => visitsCount(watcher), { timeout: 5_000 }).toBe(before + 1);

    await open.getByLabel('Opmerkingen').fill('Smering geleiders, deuren afgesteld');
    const finish = open.getByRole('button', { name: 'Afronden' });
    expect((await finish.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await finish.click();
    await expect(open).toHaveCount(0);
    await expect.poll(() => visitsCount(watcher), { timeout: 5_000 }).toBe(before);

    // Recorded once, finished, in the monteur's name, with the remarks.
    const visits = await apiData<{ items: { type: string; state: string; remarks: string | null }[] }>(
      monteur,
      `/lift/${lift.id}/visits`,
      { limit: 2, offset: 0 },
    );
    expect(visits.items[0]).toMatchObject({
      type: 'maintenance',
      state: 'finished',
      remarks: 'Smering geleiders, deuren afgesteld',
    });
    expect(visits.items[1]?.state).not.toBe('progress');
  } finally {
    await watcherContext.close();
    await monteurContext.close();
  }
});
