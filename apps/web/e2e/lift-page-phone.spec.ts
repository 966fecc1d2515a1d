// The whole lift page on a phone (issues 18, 41): at 390 × 844 in Dutch nothing widens the page,
// events, visits and logbook are short rows that fit, whatever still scrolls sideways does so
// inside a named region a keyboard user can tab to, the pagers stay within their cards with
// finger-sized buttons, and axe finds nothing serious anywhere on the page.
import { expect, test } from '@playwright/test';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';

const phone = { width: 390, height: 844 };
const organisationId = 1;

/** The history lists that are short rows on a phone instead of tables (issue 41). */
const historyLists = ['Events van deze lift', 'Bezoeken aan deze lift', 'Logboek van deze lift'];

test('the whole lift page fits a phone, its histories are rows that fit, and axe finds nothing serious', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  try {
    await logIn(page, demoUsers.admin);
    // A lift with a module: the page then shows every panel, sense data included.
    const lifts = await apiData<LiftListResponse['data']>(page, '/lift', { organisationId, limit: 50, offset: 0 });
    const lift = lifts.items.find((item) => item.module !== null);
    if (!lift) throw new Error('no demo lift with a module');

    await page.goto(`/lifts/${lift.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const history = page.getByRole('group', { name: 'Toon in de historie' });
    for (const box of await history.getByRole('checkbox').all()) await box.check();
    for (const name of ['Energieverbruik per maand', 'Sense-data van de module']) {
      await expect(page.getByRole('table', { name, exact: true })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    for (const name of historyLists) {
      const list = page.getByRole('list', { name, exact: true });
      await expect(list).toBeVisible();
      await expect(page.getByRole('table', { name, exact: true })).toHaveCount(0);
      const fits = await list.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits, `${name} scrolls sideways`).toBe(true);
    }

    // Whatever else scrolls sideways inside the page can be reached and is named.
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => {
          const overflow = getComputedStyle(element).overflowX;
          if (overflow !== 'auto' && overflow !== 'scroll') return false;
          if (element.scrollWidth <= element.clientWidth) return false;
          const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
          return element.tabIndex < 0 || (!field && !element.getAttribute('aria-label'));
        })
        .map((element) => element.outerHTML.slice(0, 160)),
    );
    expect(unreachable).toEqual([]);

    // The pagers wrap inside their cards instead of scrolling, with buttons a finger can hit.
    const next = page.getByRole('button', { name: 'Volgende pagina' }).first();
    const box = await next.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width);

    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
