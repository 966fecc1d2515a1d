import { expect, test } from '@playwright/test';
import { demoUsers, logIn, openProfile, shellTexts } from './support/demo.ts';

const roles = [
  { username: demoUsers.admin, texts: shellTexts.nl, menu: shellTexts.nl.adminMenu, picker: true, subscriptions: true },
  { username: demoUsers.user, texts: shellTexts.nl, menu: shellTexts.nl.fullMenu, picker: true, subscriptions: true },
  {
    username: demoUsers.client,
    texts: shellTexts.nl,
    menu: shellTexts.nl.clientLightMenu,
    picker: true,
    subscriptions: false,
  },
  { username: demoUsers.monteur, texts: shellTexts.nl, menu: [], picker: false, subscriptions: false },
  // Its profile language is English: the shell follows it while the browser has no choice of its own.
  {
    username: demoUsers.onderhoud,
    texts: shellTexts.en,
    menu: shellTexts.en.fullMenu,
    picker: true,
    subscriptions: true,
  },
];

for (const role of roles) {
  test(`${role.username} sees the menu of their role`, async ({ page }) => {
    const { texts } = role;
    await logIn(page, role.username);
    const menu = page.getByRole('navigation', { name: texts.menu });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([...role.menu]);
    await expect(page.getByRole('combobox', { name: texts.picker })).toHaveCount(role.picker ? 1 : 0);

    const profile = await openProfile(page);
    await expect(profile.getByText(role.username, { exact: true })).toBeVisible();
    await expect(profile.getByRole('link', { name: texts.subscriptions })).toHaveCount(role.subscriptions ? 1 : 0);
    await expect(profile.getByRole('button', { name: texts.logout })).toBeVisible();
    await profile.getByRole('button', { name: texts.close }).click();
    await expect(profile).toBeHidden();
  });
}

test('a maintenance company user starts on an organisation it serves with lifts, and picks another', async ({
  page,
}) => {
  const texts = shellTexts.en;
  await logIn(page, demoUsers.onderhoud);
  // Its own organisation owns no lifts: the session starts on one it serves, and the lists agree.
  const picker = page.getByRole('combobox', { name: texts.picker });
  await expect(picker).not.toHaveValue('');
  const start = await picker.inputValue();
  expect(start).not.toMatch(/Liftservice Randstad/);
  await expect(page.getByText(texts.selectOrganisation)).toHaveCount(0);
  await expect(page.getByText(/^[\d,.]+ lifts · /)).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Lifts' }).click();
  await expect(page.getByText(/^[\d,.]+ lifts$/)).toBeVisible();
  await expect(picker).toHaveValue(start);

  await picker.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(3);
  // Even its own organisation without lifts, once picked, stays chosen.
  const own = options.filter({ hasText: 'Liftservice Randstad' });
  const chosen = (await own.textContent()) ?? '';
  await own.click();
  await expect(picker).toHaveValue(chosen);
  // The choice is remembered by the browser.
  await page.reload();
  await expect(page.getByRole('combobox', { name: texts.picker })).toHaveValue(chosen);
});

test('the menu becomes a 220 px drawer on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await logIn(page, demoUsers.admin);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(menu).toBeVisible();
  const width = await menu.evaluate((element) => element.closest('.MuiDrawer-paper')?.getBoundingClientRect().width);
  expect(width).toBe(220);
  await menu.getByRole('link', { name: 'Liften' }).click();
  await expect(page).toHaveURL(/\/lifts$/);
  await expect(menu).toBeHidden();
});
