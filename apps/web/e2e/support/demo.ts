import { expect, type Page } from '@playwright/test';

/** The password of every seeded demo user. */
export const demoPassword = 'Liftwacht-demo-2026';

export const demoUsers = {
  admin: 'demo-admin',
  user: 'demo-user',
  client: 'demo-client',
  monteur: 'demo-monteur',
  // Works at a maintenance company and has English (en-GB) as its profile language.
  onderhoud: 'demo-onderhoud',
  // system-admin: every organisation, and the only role that manages organisations and access.
  system: 'demo-system',
  // Administrator of the inspection company serving the owner organisation: records inspections.
  keuring: 'demo-keuring',
} as const;

/** The shell's texts the flows use, per language. */
export const shellTexts = {
  nl: {
    menu: 'Hoofdmenu',
    fullMenu: ['Dashboard', 'Oproepen', 'Actuele oproepen', 'Events', 'Liften'],
    // An admin also manages its organisation's people, modules and webhooks and reads its audit log ("Beheer").
    adminMenu: [
      'Dashboard',
      'Oproepen',
      'Actuele oproepen',
      'Events',
      'Liften',
      'Gebruikers',
      'Auditlog',
      'Modules',
      'Meetwaarden',
      'Webhooks',
    ],
    clientLightMenu: ['Dashboard', 'Oproepen', 'Liften'],
    picker: 'Kies een organisatie',
    selectOrganisation: 'Selecteer eerst een organisatie',
    profile: 'Profiel',
    subscriptions: 'Meldingen',
    logout: /^Log .+ uit$/,
    close: 'Sluiten',
  },
  en: {
    menu: 'Main menu',
    fullMenu: ['Dashboard', 'Calls', 'Current calls', 'Events', 'Lifts'],
    adminMenu: [
      'Dashboard',
      'Calls',
      'Current calls',
      'Events',
      'Lifts',
      'Users',
      'Audit log',
      'Modules',
      'Readings',
      'Webhooks',
    ],
    clientLightMenu: ['Dashboard', 'Calls', 'Lifts'],
    picker: 'Choose an organisation',
    selectOrganisation: 'Select an organisation first',
    profile: 'Profile',
    subscriptions: 'Notifications',
    logout: /^Log out .+$/,
    close: 'Close',
  },
} as const;

export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/** Logs in from the (Dutch) login page and waits for the dashboard. */
export async function logIn(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.goto('/');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

export async function openProfile(page: Page) {
  await page.getByRole('button', { name: /Account/ }).click();
  const dialog = page.getByRole('dialog', { name: /^(Profiel|Profile)$/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Logs out through the profile dialog; the login page is in the browser's language again. */
export async function logOut(page: Page): Promise<void> {
  const dialog = await openProfile(page);
  await dialog.getByRole('button', { name: /^(Log .+ uit|Log out .+)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
}
