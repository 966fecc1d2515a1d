import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { getSessionState } from '../../lib/session/session-store.ts';
import { userWithRole } from '../../test/fixtures.ts';
import type { MockResponse } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render.tsx';
import { storedSession } from '../../test/session.ts';

const user = userWithRole('admin');

async function openProfile() {
  await userEvent.click(await screen.findByRole('button', { name: /Demo admin/ }));
  return screen.findByRole('dialog', { name: 'Profiel' });
}

/** The helper text under a field (the TextInput links it with aria-describedby). */
function helpOf(dialog: HTMLElement, label: string): string | null {
  const input = within(dialog).getByLabelText(label);
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
}

describe('profile dialog: own details', () => {
  it('shows name and email, edits them and the language, and the session follows', async () => {
    const api = storedSession(user, {
      extra: {
        'PATCH /liftwacht/user': {
          body: { data: { ...user, name: 'Marieke de Vries', email: 'marieke@example.nl', locale: 'en-GB' } },
        },
      },
    });
    renderApp('/dashboard');
    const dialog = await openProfile();
    expect(within(dialog).getByText('demo-admin@liftwacht.example')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Gegevens wijzigen' }));
    const form = await screen.findByRole('dialog', { name: 'Gegevens wijzigen' });
    const name = within(form).getByLabelText('Naam');
    expect(name).toHaveValue('Demo admin');
    await userEvent.clear(name);
    await userEvent.type(name, 'Marieke de Vries');
    await userEvent.clear(within(form).getByLabelText('E-mailadres'));
    await userEvent.type(within(form).getByLabelText('E-mailadres'), 'marieke@example.nl');
    await userEvent.selectOptions(within(form).getByLabelText('Taal'), 'en-GB');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(getSessionState().user?.name).toBe('Marieke de Vries'));
    expect(api.callsTo('PATCH /liftwacht/user')[0]?.body).toEqual({
      name: 'Marieke de Vries',
      email: 'marieke@example.nl',
      locale: 'en-GB',
    });
    // Back to the overview, now in English, and the account button shows the new name.
    const overview = await screen.findByRole('dialog', { name: 'Profile' });
    expect(within(overview).getByText('marieke@example.nl')).toBeInTheDocument();
    expect(i18next.language).toBe('en-GB');
    expect(screen.getByRole('button', { name: /Marieke de Vries/ })).toBeInTheDocument();
  });

  it('says so under the email field when another user has the address (409 email_taken)', async () => {
    storedSession(user, {
      extra: {
        'PATCH /liftwacht/user': {
          status: 409,
          body: {
            error: { code: 'email_taken', message: 'This email address belongs to another user', field: 'email' },
          },
        },
      },
    });
    renderApp('/dashboard');
    await userEvent.click(within(await openProfile()).getByRole('button', { name: 'Gegevens wijzigen' }));
    const form = await screen.findByRole('dialog', { name: 'Gegevens wijzigen' });
    await userEvent.clear(within(form).getByLabelText('E-mailadres'));
    await userEvent.type(within(form).getByLabelText('E-mailadres'), 'taken@example.nl');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(helpOf(form, 'E-mailadres')).toBe('Dit e-mailadres hoort al bij een andere gebruiker.'));
    // Typing another address takes the message away.
    await userEvent.type(within(form).getByLabelText('E-mailadres'), 'x');
    expect(helpOf(form, 'E-mailadres')).toBeNull();
  });

  it('sends only what changed, and checks the fields first', async () => {
    const api = storedSession(user, {
      extra: { 'PATCH /liftwacht/user': { body: { data: { ...user, name: 'Nieuwe naam' } } } },
    });
    renderApp('/dashboard');
    await userEvent.click(within(await openProfile()).getByRole('button', { name: 'Gegevens wijzigen' }));
    const form = await screen.findByRole('dialog', { name: 'Gegevens wijzigen' });
    await userEvent.clear(within(form).getByLabelText('Naam'));
    await userEvent.clear(within(form).getByLabelText('E-mailadres'));
    await userEvent.type(within(form).getByLabelText('E-mailadres'), 'geen-adres');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(helpOf(form, 'Naam')).toBe('Vul dit veld in');
    expect(helpOf(form, 'E-mailadres')).toBe('Vul een geldig e-mailadres in');
    expect(api.callsTo('PATCH /liftwacht/user')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Naam'), 'Nieuwe naam');
    await userEvent.clear(within(form).getByLabelText('E-mailadres'));
    await userEvent.type(within(form).getByLabelText('E-mailadres'), user.email);
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(api.callsTo('PATCH /liftwacht/user')).toHaveLength(1));
    expect(api.callsTo('PATCH /liftwacht/user')[0]?.body).toEqual({ name: 'Nieuwe naam' });
  });

  it('shows the field the server refuses under that field', async () => {
    storedSession(user, {
      extra: {
        'PATCH /liftwacht/user': {
          status: 400,
          body: { error: { code: 'validation_failed', message: 'email: Invalid email address', field: 'email' } },
        },
      },
    });
    renderApp('/dashboard');
    await userEvent.click(within(await openProfile()).getByRole('button', { name: 'Gegevens wijzigen' }));
    const form = await screen.findByRole('dialog', { name: 'Gegevens wijzigen' });
    await userEvent.type(within(form).getByLabelText('E-mailadres'), 'x');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(helpOf(form, 'E-mailadres')).toBe('Vul een geldig e-mailadres in'));
    expect(getSessionState().user?.email).toBe(user.email);
  });
});

describe('profile dialog: password', () => {
  const passwordRoute = (response: MockResponse) => ({ 'POST /liftwacht/user/password': response });

  async function openPasswordForm() {
    await userEvent.click(within(await openProfile()).getByRole('button', { name: 'Wachtwoord wijzigen' }));
    return screen.findByRole('dialog', { name: 'Wachtwoord wijzigen' });
  }

  async function fill(form: HTMLElement, current: string, next: string, repeat = next) {
    if (current) await userEvent.type(within(form).getByLabelText('Huidig wachtwoord'), current);
    if (next) await userEvent.type(within(form).getByLabelText('Nieuw wachtwoord'), next);
    if (repeat) await userEvent.type(within(form).getByLabelText('Herhaal nieuw wachtwoord'), repeat);
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
  }

  it('checks the fields before sending', async () => {
    const api = storedSession(user);
    renderApp('/dashboard');
    const form = await openPasswordForm();
    await fill(form, '', 'kort', 'anders');
    expect(helpOf(form, 'Huidig wachtwoord')).toBe('Vul dit veld in');
    expect(helpOf(form, 'Nieuw wachtwoord')).toBe('Wachtwoord moet tenminste 8 karakters lang zijn');
    expect(helpOf(form, 'Herhaal nieuw wachtwoord')).toBe('De wachtwoorden komen niet overeen');
    expect(api.callsTo('POST /liftwacht/user/password')).toHaveLength(0);
  });

  it('shows a wrong current password under its field, empties it, and keeps the session', async () => {
    storedSession(user, {
      extra: passwordRoute({
        status: 400,
        body: { error: { code: 'wrong_password', message: 'wrong', field: 'currentPassword' } },
      }),
    });
    renderApp('/dashboard');
    const form = await openPasswordForm();
    await fill(form, 'niet-goed', 'Nieuw-wachtwoord-1');
    await waitFor(() => expect(helpOf(form, 'Huidig wachtwoord')).toBe('Het huidige wachtwoord klopt niet'));
    expect(within(form).getByLabelText('Huidig wachtwoord')).toHaveValue('');
    expect(getSessionState().userToken).toBe('test-token');
  });

  it('changes the password and says that other devices are logged out', async () => {
    const api = storedSession(user, { extra: passwordRoute({ body: { data: { ok: true } } }) });
    renderApp('/dashboard');
    const form = await openPasswordForm();
    await fill(form, 'Oud-wachtwoord-1', 'Nieuw-wachtwoord-1');
    expect(await screen.findByText(/Uw wachtwoord is gewijzigd/)).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/user/password')[0]?.body).toEqual({
      currentPassword: 'Oud-wachtwoord-1',
      newPassword: 'Nieuw-wachtwoord-1',
    });
    expect(await screen.findByRole('dialog', { name: 'Profiel' })).toBeInTheDocument();
    expect(getSessionState().userToken).toBe('test-token');
  });

  it('goes back to the overview on Annuleren without sending', async () => {
    const api = storedSession(user);
    renderApp('/dashboard');
    const form = await openPasswordForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Annuleren' }));
    expect(await screen.findByRole('dialog', { name: 'Profiel' })).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/user/password')).toHaveLength(0);
  });
});
