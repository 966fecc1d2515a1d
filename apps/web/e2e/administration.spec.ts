import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, fillLogin, logIn, logOut } from './support/demo.ts';
import { readResetLink } from './support/outbox.ts';

// Administration ("Beheer", issue 16) against the real server and the seeded demo data:
// demo-system is a system-admin, demo-admin an admin of the owner organisation.
const newPassword = 'Uitgenodigd-2026!';

/** A username no earlier run (against the same data directory) has taken. */
const freshUsername = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

async function openFromMenu(page: Page, entry: string, heading: string) {
  const beheer = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name: 'Beheer' });
  await beheer.getByRole('link', { name: entry }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Invites `username` from the users page (as the signed-in admin); returns the address the mail went to. */
async function invite(page: Page, username: string): Promise<string> {
  const email = `${username}@liftwacht.example`;
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Gebruiker uitnodigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gebruiker uitnodigen' });
  await dialog.getByLabel('Gebruikersnaam').fill(username);
  await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill(`E2E ${username}`);
  await dialog.getByLabel('E-mailadres').fill(email);
  await expect(dialog.getByRole('checkbox', { name: 'Gebruiker', exact: true })).toBeChecked();
  // An admin cannot give a role stronger than its own.
  await expect(dialog.getByRole('checkbox', { name: 'Systeembeheerder' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Uitnodiging verstuurd naar ${email}`)).toBeVisible();
  return email;
}

/** Follows the invitation link and sets the password; the login page follows. */
async function acceptInvitation(page: Page, email: string, since: number): Promise<void> {
  const link = await readResetLink(email, since);
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(newPassword);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A second, separate browser session (its own storage), as another person's computer. */
async function secondSession(browser: Browser): Promise<Page> {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  return context.newPage();
}

test('a system-admin creates an organisation, grants and revokes its access, and no page has serious axe findings', async ({
  page,
}) => {
  const organisation = `E2E Keuring ${Date.now().toString(36)}`;
  const client = 'Gemeente Utrecht Vastgoed';
  await logIn(page, demoUsers.system);

  await openFromMenu(page, 'Organisaties', 'Organisaties');
  await expect(page.getByRole('table', { name: 'Organisaties' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const create = page.getByRole('dialog', { name: 'Nieuwe organisatie' });
  await create.getByLabel('Naam').fill(organisation);
  await create.getByLabel('Type').selectOption({ label: 'Keuringsinstantie' });
  expect(await seriousViolations(page)).toEqual([]);
  await create.getByRole('button', { name: 'Opslaan' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('searchbox', { name: 'Zoek op naam' }).fill(organisation);
  await expect(page.getByRole('rowheader', { name: organisation })).toBeVisible();

  await openFromMenu(page, 'Gebruikers', 'Gebruikers');
  await expect(page.getByRole('table', { name: 'Gebruikers' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Gebruiker uitnodigen' }).click();
  await expect(page.getByRole('dialog', { name: 'Gebruiker uitnodigen' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Annuleren' }).click();

  await openFromMenu(page, 'Toegang', 'Toegang');
  await expect(page.getByRole('table', { name: 'Toegang tussen organisaties' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Toegang geven' }).click();
  const grant = page.getByRole('dialog', { name: 'Toegang geven' });
  await grant.getByLabel('Bedrijf (onderhoud of keuring)').selectOption({ label: organisation });
  await grant.getByLabel('Klant').selectOption({ label: client });
  await grant.getByRole('button', { name: 'Toegang geven' }).click();
  await expect(grant).toBeHidden();
  await page.getByRole('combobox', { name: 'Organisatie', exact: true }).selectOption({ label: organisation });
  const revoke = page.getByRole('button', { name: `Toegang van ${organisation} tot ${client} intrekken` });
  await revoke.click();
  const confirm = page.getByRole('dialog', { name: 'Toegang intrekken' });
  await expect(confirm).toContainText('verliest direct de toegang');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Intrekken' }).click();
  await expect(confirm).toBeHidden();
  await expect(revoke).toHaveCount(0);

  await openFromMenu(page, 'Auditlog', 'Auditlog');
  const log = page.getByRole('table', { name: 'Auditlog, nieuwste eerst' });
  // Newest first: the revocation above is the first entry.
  await expect(log.getByRole('row').nth(1)).toContainText('Toegang ingetrokken');
  await log.getByRole('button', { name: 'Details tonen' }).first().click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the tables fit a phone: the page does not scroll sideways and the list stays usable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demoUsers.system);
  for (const [path, table] of [
    ['/admin/organisations', 'Organisaties'],
    ['/admin/users', 'Gebruikers'],
    ['/admin/access', 'Toegang tussen organisaties'],
    ['/admin/audit-log', 'Auditlog, nieuwste eerst'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('table', { name: table })).toBeVisible();
    // A wide table scrolls inside its own container, not the whole page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.goto('/admin/users');
  const inviteButton = page.getByRole('button', { name: 'Gebruiker uitnodigen' });
  expect((await inviteButton.boundingBox())?.height).toBeGreaterThanOrEqual(44);
});

test('an admin sees only users, the audit log and modules; a user reaches no administration page', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const beheer = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name: 'Beheer' });
  await expect(beheer.getByRole('link')).toHaveText(['Gebruikers', 'Auditlog', 'Modules', 'Meetwaarden', 'Webhooks']);
  await page.goto('/admin/organisations');
  await expect(page.getByText('U heeft geen toegang tot deze pagina.')).toBeVisible();
  await logOut(page);

  await logIn(page, demoUsers.user);
  await expect(page.getByRole('list', { name: 'Beheer' })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page.getByText('U heeft geen toegang tot deze pagina.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Gebruikers' })).toHaveCount(0);
});

test('an invited user reads the mail, sets a password and logs in', async ({ page }) => {
  const username = freshUsername('e2e-invite');
  const since = Date.now() - 1000;
  await logIn(page, demoUsers.admin);
  const email = await invite(page, username);
  const row = page.getByRole('table', { name: 'Gebruikers' }).getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText('Uitgenodigd');
  await logOut(page);

  await acceptInvitation(page, email, since);
  await logIn(page, username, newPassword);
  // A plain user: no administration.
  await expect(page.getByRole('list', { name: 'Beheer' })).toHaveCount(0);
  await logOut(page);

  // The admin now sees the invitation accepted, and the audit log has both steps.
  await logIn(page, demoUsers.admin);
  await page.goto(`/admin/users?search=${username}`);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('Actief');
  await page.goto('/admin/audit-log?action=user.invited');
  await expect(page.getByRole('table', { name: 'Auditlog, nieuwste eerst' })).toContainText('Gebruiker uitgenodigd');
});

test('disabling a user logs their open session out at its next request', async ({ page, browser }) => {
  const username = freshUsername('e2e-disable');
  const since = Date.now() - 1000;
  await logIn(page, demoUsers.admin);
  const email = await invite(page, username);
  await logOut(page);
  await acceptInvitation(page, email, since);

  // The user works in a browser of their own.
  const theirs = await secondSession(browser);
  await logIn(theirs, username, newPassword);

  await logIn(page, demoUsers.admin);
  await page.goto(`/admin/users?search=${username}`);
  const actions = page.getByRole('group', { name: `Acties voor ${username}` });
  await actions.getByRole('button', { name: 'Uitschakelen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Gebruiker uitschakelen' });
  await expect(confirm).toContainText(`(${username})`);
  await confirm.getByRole('button', { name: 'Uitschakelen' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('Uitgeschakeld');

  // Their next request (opening another page) answers 401 and the app returns to the login page. An
  // app that already heard of it over its closed socket is there before the click.
  const lifts = theirs.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Liften' });
  if (await lifts.isVisible()) await lifts.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(theirs.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  // And logging in again answers as for a wrong password.
  await fillLogin(theirs, username, newPassword);
  await expect(theirs.getByRole('alert')).toHaveText('Inloggen mislukt, controleer uw gebruikersnaam en wachtwoord');
  await theirs.context().close();
});
