// Issue 17: an admin registers a sense module on a demo lift without one, sees its key once, sees
// the module's messages (sent with that key) arrive live on the lift page, renews the key (the old
// one stops working), moves the module and takes it out again. axe checks the pages and dialogs.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { moduleKeyHeader } from '@liftwacht/contracts/ingest';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn } from './support/demo.ts';
import { alertsPanel, faultAlertText, listenAcks } from './support/lift-realtime.ts';
import { moduleFrame } from './support/modules.ts';

/** POST /liftwacht/ingest as the module does; the answer's status. */
async function ingest(page: Page, key: string, frame = moduleFrame()): Promise<number> {
  const response = await page.request.post('/liftwacht/ingest', {
    headers: { [moduleKeyHeader]: key },
    data: { messages: [{ kind: 'module', ...frame }] },
  });
  return response.status();
}

/** Picks the first lift the picker offers without a search: a lift without a module. Its name. */
async function pickFreeLift(dialog: Locator, label: string): Promise<string> {
  await dialog.getByRole('combobox', { name: label }).click();
  const option = dialog.page().getByRole('option').and(dialog.page().locator(':not([aria-disabled="true"])')).first();
  await expect(option).toBeVisible();
  const name = (await option.locator('span').first().textContent()) ?? '';
  await option.click();
  return name;
}

/** Reads the show-once key and closes its dialog, after axe has looked at it. */
async function readKey(page: Page, esNumber: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Modulesleutel' });
  await expect(dialog.getByText(/maar één keer getoond/)).toBeVisible();
  await expect(dialog.getByText(moduleKeyHeader, { exact: true })).toBeVisible();
  const key = await dialog.getByRole('textbox', { name: `Sleutel van module ${esNumber}` }).inputValue();
  expect(key.startsWith(`${esNumber}.`)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Ik heb de sleutel bewaard' }).click();
  await expect(dialog).toBeHidden();
  return key;
}

const details = (page: Page) => page.getByRole('region', { name: 'Gegevens' });

test('an admin registers a module on a free lift, sees its messages live, renews its key, moves and unlinks it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const esNumber = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await logIn(page, demoUsers.admin);

  // The list, from the Beheer menu.
  const beheer = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name: 'Beheer' });
  await beheer.getByRole('link', { name: 'Modules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modules' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Modules' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Register on a lift without a module.
  await page.getByRole('button', { name: 'Module registreren' }).click();
  const register = page.getByRole('dialog', { name: 'Module registreren' });
  await register.getByRole('textbox', { name: 'ES-nummer' }).fill(esNumber);
  const firstLift = await pickFreeLift(register, 'Lift (optioneel)');
  await register.getByRole('textbox', { name: 'Firmware (optioneel)' }).fill('9.9.9');
  expect(await seriousViolations(page)).toEqual([]);
  await register.getByRole('button', { name: 'Registreren' }).click();
  let key = await readKey(page, esNumber);

  // Then the module page, without the key.
  await expect(page).toHaveURL(/\/admin\/modules\/\d+$/);
  const modulePage = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Module ${esNumber}` })).toBeVisible();
  await expect(details(page).getByRole('link', { name: firstLift })).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The lift page follows the new module live: a fault sent with the key shows within seconds.
  const listened = listenAcks(page, esNumber);
  await details(page).getByRole('link', { name: firstLift }).click();
  await expect(page).toHaveURL(/\/lifts\/\d+$/);
  await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible();
  await listened(1);
  expect(await ingest(page, key, moduleFrame({ faults: ['door_closing_fault'], floor: 2 }))).toBe(200);
  await expect(alertsPanel(page).getByText(faultAlertText('door_closing_fault', 2), { exact: true })).toBeVisible();
  // The lift page links back to its module.
  await page.getByRole('region', { name: 'Liftgegevens' }).getByRole('link', { name: esNumber }).click();
  await expect(page).toHaveURL(modulePage);

  // Renew the key: the old one stops working at once, the new one works.
  await page.getByRole('button', { name: 'Sleutel vernieuwen' }).click();
  const rotate = page.getByRole('dialog', { name: 'Sleutel vernieuwen' });
  await expect(rotate.getByText(/De oude sleutel werkt meteen niet meer/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await rotate.getByRole('button', { name: 'Vernieuwen' }).click();
  const oldKey = key;
  key = await readKey(page, esNumber);
  expect(key).not.toBe(oldKey);
  expect(await ingest(page, oldKey)).toBe(401);
  expect(await ingest(page, key)).toBe(200);

  // Move it to another free lift; the history keeps both.
  await page.getByRole('button', { name: 'Verplaatsen' }).click();
  const move = page.getByRole('dialog', { name: 'Verplaatsen naar een andere lift' });
  const secondLift = await pickFreeLift(move, 'Lift');
  expect(secondLift).not.toBe(firstLift);
  expect(await seriousViolations(page)).toEqual([]);
  await move.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(move).toBeHidden();
  await expect(details(page).getByRole('link', { name: secondLift })).toBeVisible();
  const links = page.getByRole('table', { name: 'Koppelingen van de module' });
  await expect(links.getByRole('row')).toHaveCount(3);

  // And take it out.
  await page.getByRole('button', { name: 'Ontkoppelen' }).click();
  const unlink = page.getByRole('dialog', { name: 'Module ontkoppelen' });
  expect(await seriousViolations(page)).toEqual([]);
  await unlink.getByRole('button', { name: 'Ontkoppelen' }).click();
  await expect(unlink).toBeHidden();
  await expect(details(page).getByText('Niet gekoppeld aan een lift')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Koppelen aan lift' })).toBeVisible();

  // The list finds it among the unlinked modules.
  await page.goto(`/admin/modules?linked=unlinked&search=${esNumber}`);
  await expect(page.getByRole('rowheader', { name: esNumber })).toBeVisible();
});

test('the modules pages work on a phone (390 × 844): 44 px targets, no serious axe findings', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demoUsers.admin);
  await page.goto('/admin/modules');
  await expect(page.getByRole('table', { name: 'Modules' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const target of [
    page.getByRole('button', { name: 'Module registreren' }),
    page.getByRole('tab', { name: 'Niet-geregistreerde modules' }),
    page.getByRole('table', { name: 'Modules' }).getByRole('link').first(),
  ]) {
    const box = await target.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  // A module page fits the phone's width: its tables scroll inside their cards.
  await page.goto('/admin/modules?linked=linked');
  await page.getByRole('table', { name: 'Modules' }).getByRole('rowheader').first().getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Koppelingen van de module' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/admin/modules');
  await page.getByRole('tab', { name: 'Niet-geregistreerde modules' }).click();
  await expect(page).toHaveURL(/tab=unregistered/);
  await expect(page.getByText(/Modules die berichten sturen/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
