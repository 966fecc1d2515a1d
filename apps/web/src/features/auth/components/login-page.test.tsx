import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSessionState } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { mockApi, pendingFetch } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const version = { 'GET /liftwacht/version': { body: { data: { version: '1.4.2' } } } };

async function submitLogin(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('Gebruikersnaam'), username);
  if (password) await userEvent.type(screen.getByLabelText('Wachtwoord'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
}

describe('login page', () => {
  it('shows the version from the API', async () => {
    mockApi(version);
    renderWithProviders(<LoginPage />);
    expect(await screen.findByText('Versie 1.4.2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
  });

  it('reports a failed version fetch with a toast', async () => {
    mockApi({ 'GET /liftwacht/version': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } });
    renderWithProviders(<LoginPage />);
    expect(await screen.findByText('Fout bij ophalen versie')).toBeInTheDocument();
  });

  it('reports an empty password in a top-left toast and does not call the API', async () => {
    const api = mockApi(version);
    renderWithProviders(<LoginPage />);
    await submitLogin('demo-admin', '');
    const toast = await screen.findByText('Wachtwoord moet ingevuld zijn');
    expect(toast.closest('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'left');
    expect(toast.closest('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
    expect(api.callsTo('POST /liftwacht/auth')).toHaveLength(0);
  });

  it('logs in: stores the token and starts the session', async () => {
    const api = mockApi({
      ...version,
      'POST /liftwacht/auth': { body: { data: { accessToken: 'new-token', expiresIn: 900 } } },
    });
    renderWithProviders(<LoginPage />);
    await submitLogin('demo-admin', 'Liftwacht-demo-2026');
    await waitFor(() => expect(getSessionState().userToken).toBe('new-token'));
    expect(localStorage.getItem(storageKeys.userToken)).toBe('new-token');
    expect(api.callsTo('POST /liftwacht/auth')[0]?.body).toEqual({
      username: 'demo-admin',
      password: 'Liftwacht-demo-2026',
    });
  });

  it('shows the 401 message and clears the password', async () => {
    mockApi({
      ...version,
      'POST /liftwacht/auth': { status: 401, body: { error: { code: 'invalid_credentials', message: 'Invalid' } } },
    });
    renderWithProviders(<LoginPage />);
    await submitLogin('demo-admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Inloggen mislukt, controleer uw gebruikersnaam en wachtwoord',
    );
    expect(screen.getByLabelText('Wachtwoord')).toHaveValue('');
    expect(screen.getByLabelText('Gebruikersnaam')).toHaveValue('demo-admin');
    expect(getSessionState().userToken).toBeNull();
  });

  it('shows other failures as "Login error: {detail}"', async () => {
    mockApi({
      ...version,
      'POST /liftwacht/auth': { status: 429, body: { error: { code: 'rate_limited', message: 'Too many attempts' } } },
    });
    renderWithProviders(<LoginPage />);
    await submitLogin('demo-admin', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Inlogfout: Too many attempts');
  });

  it('disables the button while logging in', async () => {
    pendingFetch();
    renderWithProviders(<LoginPage />);
    await submitLogin('demo-admin', 'x');
    expect(screen.getByRole('button', { name: /Inloggen/ })).toBeDisabled();
  });

  describe('forgot password', () => {
    async function openResetForm() {
      await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord vergeten?' }));
      return screen.getByLabelText('E-mailadres');
    }

    it('switches to an email field of type email, and back', async () => {
      mockApi(version);
      renderWithProviders(<LoginPage />);
      const email = await openResetForm();
      expect(email).toHaveAttribute('type', 'email');
      expect(screen.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Terug naar inloggen' }));
      expect(screen.getByLabelText('Wachtwoord')).toBeInTheDocument();
    });

    it('sends nothing when the email is empty', async () => {
      const api = mockApi(version);
      renderWithProviders(<LoginPage />);
      await openResetForm();
      await userEvent.click(screen.getByRole('button', { name: 'Verstuur' }));
      expect(api.callsTo('POST /liftwacht/password-reset/request')).toHaveLength(0);
    });

    it('confirms a request with the success toast', async () => {
      const api = mockApi({ ...version, 'POST /liftwacht/password-reset/request': { body: { data: { ok: true } } } });
      renderWithProviders(<LoginPage />);
      await userEvent.type(await openResetForm(), 'demo-user@liftwacht.example');
      await userEvent.click(screen.getByRole('button', { name: 'Verstuur' }));
      expect(await screen.findByText(/Als het adres bij een gebruiker bekend is/)).toBeInTheDocument();
      expect(api.callsTo('POST /liftwacht/password-reset/request')[0]?.body).toEqual({
        email: 'demo-user@liftwacht.example',
      });
    });

    it('reports a failed request with a toast', async () => {
      mockApi({
        ...version,
        'POST /liftwacht/password-reset/request': {
          status: 500,
          body: { error: { code: 'internal_error', message: 'x' } },
        },
      });
      renderWithProviders(<LoginPage />);
      await userEvent.type(await openResetForm(), 'someone@liftwacht.example');
      await userEvent.click(screen.getByRole('button', { name: 'Verstuur' }));
      const toasts = await screen.findByRole('region', { name: /Notificaties/ });
      expect(await within(toasts).findByText('Fout bij aanvragen van wachtwoordherstel')).toBeInTheDocument();
    });
  });
});
