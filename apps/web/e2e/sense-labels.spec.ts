// Issue 41: readings have names. An admin opens Beheer › Meetwaarden, renames a standard reading for
// the organisation, finds the new name on a lift page's sense data, and gives the reading its default
// back (so the other flows keep the demo's names). axe checks the page and its dialogs.
import { expect, test, type Page } from '@playwright/test';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { SenseDataResponse } from '@liftwacht/contracts/sense';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';

const ownName = 'Accuspanning alarmtelefoon (e2e)';

async function liftWithReading(page: Page, key: string): Promise<number> {
  const organisationId = Number(await page.evaluate(() => localStorage.getItem('liftwacht-organisation-id')));
  const lifts = await apiData<LiftListResponse['data']>(page, '/lift', { organisationId, limit: 50, sort: 'id' });
  for (const lift of lifts.items.filter((item) => item.module !== null)) {
    const sense = await apiData<SenseDataResponse['data']>(page, `/lift/${String(lift.id)}/sense-data`);
    if (sense.items.some((item) => item.key === key)) return lift.id;
  }
  throw new Error(`no demo lift reports ${key}`);
}

test('an admin names a reading, sees it on the lift page and restores the default', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoUsers.admin);
  const beheer = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name: 'Beheer' });
  await beheer.getByRole('link', { name: 'Meetwaarden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meetwaarden' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Meetwaarden en hun namen' });
  await expect(table.getByRole('row', { name: /^f19 Accuspanning alarmtelefoon V Standaard/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Naam van f19 wijzigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Naam van f19' });
  await expect(dialog.getByText('Standaard: Alarm phone battery voltage')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Naam (Nederlands)' }).fill(ownName);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De naam van f19 is opgeslagen.')).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(`^f19 ${ownName.replace(/[()]/g, '\\$&')} V Eigen naam`) }),
  ).toBeVisible();

  try {
    const liftId = await liftWithReading(page, 'f19');
    await page.goto(`/lifts/${String(liftId)}`);
    const sense = page.getByRole('table', { name: 'Sense-data van de module' });
    await expect(sense.getByRole('rowheader', { name: ownName })).toBeVisible();
    await expect(sense.getByRole('rowheader', { name: 'Deur open' })).toBeVisible();
    await expect(sense.getByRole('rowheader', { name: /^[fe]\d+$/ })).toHaveCount(0);
  } finally {
    await page.goto('/admin/sense-labels');
    await page.getByRole('button', { name: 'Standaardnaam van f19 terugzetten' }).click();
    const confirm = page.getByRole('dialog', { name: 'Standaardnaam terugzetten' });
    await expect(confirm.getByText('f19 heet daarna weer „Accuspanning alarmtelefoon”.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Terugzetten' }).click();
    await expect(page.getByText('f19 heeft weer zijn standaardnaam.')).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /^f19 Accuspanning alarmtelefoon V Standaard/ })).toBeVisible();
});
