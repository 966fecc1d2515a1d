import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { getSessionState } from '../../../lib/session/session-store.ts';
import { mockApi, type MockResponse } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const version = { 'GET /liftwacht/version': { body: { data: { version: '1.4.2' } } } };
const setupRequired = (required: boolean) => ({ 'GET /liftwacht/setup': { body: { data: { required } } } });
const refused = (code: string, field: string, status = 400): MockResponse => ({
  status,
  body: { error: { code, message: 'refused', field } },
});

async function openSetup() {
  await userEvent.click(await screen.findByRole('button', { name: 'Eerste beheerder aanmaken' }));
  return screen.findByLabelText('Installatietoken');
}

async function fillSetup(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    Installatietoken: 'tok_en-123',
    'Naam van uw organisatie': 'Liftwacht Beheer',
    Gebruikersnaam: 'beheerder',
    Naam: 'Anna de Beheerder',
    'E-mailadres': 'anna@liftwacht.example',
    Wachtwoord: 'Eerste-beheerder-1',
    'Herhaal wachtwoord': 'Eerste-beheerder-1',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByLabelText(label), value);
  }
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Beheerder aanmaken' }));

/** The helper text under a field (the TextInput links it with aria-describedby). */
const helpOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
};

describe('login page: create the first administrator', () => {
  it('offers nothing when the server says setup is not required', async () => {
    const api = mockApi({ ...version, ...setupRequired(false) });
    renderWithProviders(<LoginPage />);
    await screen.findByText('Versie 1.4.2');
    await waitFor(() => expect(api.callsTo('GET /liftwacht/setup')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Eerste beheerder aanmaken' })).not.toBeInTheDocument();
  });

  it('checks every field before sending and names the problem under it', async () => {
    const api = mockApi({ ...version, ...setupRequired(true) });
    renderWithProviders(<LoginPage />);
    await openSetup();
    expect(screen.getByRole('heading', { name: 'Eerste beheerder aanmaken' })).toBeInTheDocument();
    await fillSetup({ Gebruikersnaam: 'ab', 'E-mailadres': 'geen-adres', Wachtwoord: 'kort', Naam: '' });
    await submit();
    expect(helpOf('Gebruikersnaam')).toBe('Minimaal 3 tekens: letters, cijfers en . _ @ -');
    expect(helpOf('E-mailadres')).toBe('Vul een geldig e-mailadres in');
    expect(helpOf('Naam')).toBe('Vul dit veld in');
    expect(helpOf('Wachtwoord')).toBe('Wachtwoord moet tenminste 8 karakters lang zijn');
    expect(helpOf('Herhaal wachtwoord')).toBe('De wachtwoorden komen niet overeen');
    expect(screen.getByLabelText('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /liftwacht/setup')).toHaveLength(0);
  });

  it('shows a wrong token under the token field, and clears it when the token changes', async () => {
    mockApi({ ...version, ...setupRequired(true), 'POST /liftwacht/setup': refused('setup_token_invalid', 'token') });
    renderWithProviders(<LoginPage />);
    await openSetup();
    await fillSetup();
    await submit();
    await waitFor(() =>
      expect(helpOf('Installatietoken')).toBe(
        'Dit installatietoken klopt niet. Kopieer het uit de uitvoer van de server bij het starten.',
      ),
    );
    await userEvent.type(screen.getByLabelText('Installatietoken'), 'x');
    expect(helpOf('Installatietoken')).toBeNull();
  });

  it('puts a field the server refuses under that field', async () => {
    mockApi({ ...version, ...setupRequired(true), 'POST /liftwacht/setup': refused('validation_failed', 'email') });
    renderWithProviders(<LoginPage />);
    await openSetup();
    await fillSetup();
    await submit();
    await waitFor(() => expect(helpOf('E-mailadres')).toBe('Vul een geldig e-mailadres in'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates the administrator with the chosen language and logs it in', async () => {
    const api = mockApi({
      ...version,
      ...setupRequired(true),
      'POST /liftwacht/setup': { body: { data: { ok: true } } },
      'POST /liftwacht/auth': { body: { data: { accessToken: 'admin-token', expiresIn: 900 } } },
    });
    renderWithProviders(<LoginPage />);
    await openSetup();
    await fillSetup({ Gebruikersnaam: '  beheerder ' });
    await userEvent.selectOptions(screen.getByLabelText('Taal', { selector: 'select[name="locale"]' }), 'en-GB');
    await submit();
    await waitFor(() => expect(getSessionState().userToken).toBe('admin-token'));
    expect(api.callsTo('POST /liftwacht/setup')[0]?.body).toEqual({
      token: 'tok_en-123',
      organisationName: 'Liftwacht Beheer',
      username: 'beheerder',
      name: 'Anna de Beheerder',
      email: 'anna@liftwacht.example',
      password: 'Eerste-beheerder-1',
      locale: 'en-GB',
    });
    expect(api.callsTo('POST /liftwacht/auth')[0]?.body).toEqual({
      username: 'beheerder',
      password: 'Eerste-beheerder-1',
    });
  });

  it('goes back to the login form when setup turns out to be done already', async () => {
    mockApi({ ...version, ...setupRequired(true), 'POST /liftwacht/setup': refused('not_found', 'token', 404) });
    renderWithProviders(<LoginPage />);
    await openSetup();
    await fillSetup();
    await submit();
    expect(await screen.findByText(/Er bestaat al een beheerder/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eerste beheerder aanmaken' })).not.toBeInTheDocument();
  });

  it('is complete in English', async () => {
    await i18next.changeLanguage('en-GB');
    mockApi({ ...version, ...setupRequired(true) });
    renderWithProviders(<LoginPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create the first administrator' }));
    expect(await screen.findByLabelText('Setup token')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create administrator' })).toBeInTheDocument();
  });
});
