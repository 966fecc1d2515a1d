import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { RoleName } from '@liftwacht/contracts/auth';
import { getSessionState } from '../../lib/session/session-store.ts';
import { storageKeys } from '../../lib/storage.ts';
import { liftFixture, userWithRole } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { storedSession } from '../../test/session.ts';

const location = () => screen.getByTestId('location');

async function menuLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
  return within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

describe('signed-in shell', () => {
  it.each<[RoleName, string[], boolean]>([
    [
      'system-admin',
      [
        'Dashboard',
        'Oproepen',
        'Actuele oproepen',
        'Events',
        'Liften',
        'Organisaties',
        'Gebruikers',
        'Toegang',
        'Auditlog',
        'Modules',
        'Meetwaarden',
        'Webhooks',
      ],
      true,
    ],
    [
      'admin',
      [
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
      true,
    ],
    ['user', ['Dashboard', 'Oproepen', 'Actuele oproepen', 'Events', 'Liften'], true],
    ['client-light', ['Dashboard', 'Oproepen', 'Liften'], true],
    ['monteur', [], false],
  ])('shows %s the menu %j (organisation picker: %s)', async (role, entries, picker) => {
    storedSession(userWithRole(role));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(await menuLinks()).toEqual(entries);
    expect(screen.queryByRole('combobox', { name: 'Kies een organisatie' }) !== null).toBe(picker);
  });

  it('groups the administration entries under "Beheer" for the roles that have them', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/dashboard');
    const group = await screen.findByRole('list', { name: 'Beheer' });
    expect(within(group).getByRole('link', { name: 'Gebruikers' })).toHaveAttribute('href', '/admin/users');
    expect(within(group).getByRole('link', { name: 'Auditlog' })).toHaveAttribute('href', '/admin/audit-log');
  });

  it.each<RoleName>(['user', 'client-light'])('gives %s no "Beheer" group', async (role) => {
    storedSession(userWithRole(role));
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(screen.queryByRole('list', { name: 'Beheer' })).not.toBeInTheDocument();
  });

  it('marks the current page in the menu', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/events');
    await screen.findByRole('heading', { name: 'Events' });
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the profile dialog with username, Meldingen, logout and Sluiten', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Demo admin/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Profiel' });
    expect(within(dialog).getByText('demo-admin')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Meldingen' })).toHaveAttribute('href', '/subscriptions');
    expect(within(dialog).getByRole('button', { name: 'Log Demo admin uit' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the subscriptions page from Meldingen', async () => {
    storedSession(userWithRole('user'));
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Demo user/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Meldingen' }));
    expect(await screen.findByRole('heading', { name: 'Meldingen' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/subscriptions');
  });

  it.each<RoleName>(['client-light', 'monteur'])('offers %s no Meldingen', async (role) => {
    storedSession(userWithRole(role));
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`Demo ${role}`) }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('link', { name: 'Meldingen' })).not.toBeInTheDocument();
  });

  it('logs out: revokes the server session, forgets the session and shows the login page', async () => {
    const api = storedSession(userWithRole('admin'));
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Demo admin/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log Demo admin uit' }),
    );

    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem(storageKeys.userToken)).toBeNull();
    expect(getSessionState().user).toBeNull();
    expect(api.callsTo('POST /liftwacht/auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(localStorage.getItem(storageKeys.deepLinkEventId)).toBeNull();
  });

  it('stores the chosen organisation', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Kies een organisatie' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Woonstichting Noord' }));
    expect(getSessionState().organisationId).toBe(2);
    expect(localStorage.getItem(storageKeys.organisationId)).toBe('2');
    expect(screen.queryByText('Selecteer eerst een organisatie')).not.toBeInTheDocument();
  });

  it('leaves a lift page for the lift list when the organisation changes', async () => {
    storedSession(userWithRole('admin'), {
      extra: {
        'GET /liftwacht/lift/5': {
          body: { data: liftFixture(5, { liftname: 'Hoofdlift', address: 'Dam 1, Amsterdam' }) },
        },
      },
    });
    renderApp('/lifts/5');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Kies een organisatie' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Woonstichting Noord' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/lifts$/));
  });

  it('shows the lift header strip when the route names a lift', async () => {
    storedSession(userWithRole('admin'), {
      extra: {
        'GET /liftwacht/lift/5': {
          body: { data: liftFixture(5, { liftname: 'Hoofdlift', address: 'Dam 1, Amsterdam' }) },
        },
      },
    });
    renderApp('/lifts/5');
    const strip = await screen.findByRole('region', { name: 'Geselecteerde lift' });
    expect(within(strip).getByText('Lift 5')).toBeInTheDocument();
    expect(await within(strip).findByText('Hoofdlift')).toBeInTheDocument();
    expect(within(strip).getByText('Dam 1, Amsterdam')).toBeInTheDocument();
  });

  it('falls back to the name "Lift" when the lift cannot be loaded', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/lifts/9');
    const strip = await screen.findByRole('region', { name: 'Geselecteerde lift' });
    expect(within(strip).getByText('Lift 9')).toBeInTheDocument();
    expect(within(strip).getByText('Lift')).toBeInTheDocument();
  });

  it('shows no lift header strip on other pages', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/lifts');
    await screen.findByRole('heading', { name: 'Liften' });
    expect(screen.queryByRole('region', { name: 'Geselecteerde lift' })).not.toBeInTheDocument();
  });

  it('switches to English and remembers the choice', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/dashboard');
    await userEvent.selectOptions(await screen.findByLabelText('Taal'), 'English (UK)');
    expect(await screen.findByRole('link', { name: 'Calls' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Choose an organisation' })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.locale)).toBe('en-GB');
    expect(i18next.language).toBe('en-GB');
    expect(document.documentElement.lang).toBe('en-GB');
  });
});
