import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSessionState } from '../lib/session/session-store.ts';
import { storageKeys } from '../lib/storage.ts';
import { organisations, userWithRole } from '../test/fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render.tsx';
import { storedSession } from '../test/session.ts';

const location = () => screen.getByTestId('location');
const version = { 'GET /liftwacht/version': { body: { data: { version: '1.0.0' } } } };

describe('routes and session (spec §2, §4)', () => {
  it.each(['/', '/login'])('shows the login page at %s', async (path) => {
    mockApi(version);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
  });

  it.each([
    '/dashboard',
    '/lifts',
    '/lifts/3',
    '/alarm-calls',
    '/current-calls',
    '/events',
    '/subscriptions',
    '/compare-periods',
    '/organisation-report',
    '/stats-details/visits',
  ])('sends a visitor without a token from %s to /', async (path) => {
    mockApi(version);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('keeps the password reset page public', async () => {
    mockApi({});
    renderApp('/password-reset/abc');
    expect(await screen.findByRole('heading', { name: 'Nieuw wachtwoord instellen' })).toBeInTheDocument();
  });

  it('shows an error page for any unknown path', async () => {
    mockApi({});
    renderApp('/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.getByText('De pagina /does/not/exist bestaat niet.')).toBeInTheDocument();
  });

  it('restores a stored session and moves from the root to /dashboard', async () => {
    const api = storedSession(userWithRole('admin'));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/dashboard');
    expect(getSessionState().user?.username).toBe('demo-admin');
    await waitFor(() => expect(getSessionState().organisationList).toHaveLength(organisations.length));
    expect(getSessionState().userOrganisation).toEqual({ type: 'owner', name: 'Liftwacht Vastgoed' });
    expect(api.callsTo('GET /liftwacht/organisation')[0]?.url.searchParams.get('limit')).toBe('1000');
  });

  it('restores the session on a deep page and stays there', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/events');
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/events');
  });

  it('logs out and goes to /login when the session cannot be restored', async () => {
    localStorage.setItem(storageKeys.userToken, 'stale');
    localStorage.setItem(storageKeys.organisationId, '2');
    const { reloadSessionFromStorage } = await import('../lib/session/session-store.ts');
    reloadSessionFromStorage();
    mockApi({
      ...version,
      'GET /liftwacht/user': { status: 401, body: { error: { code: 'token_expired', message: 'Expired' } } },
    });
    renderApp('/dashboard');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.userToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.organisationId)).toBeNull();
  });

  it('sends the user to / when a call answers 401', async () => {
    storedSession(userWithRole('admin'), {
      extra: {
        'GET /liftwacht/organisation': {
          status: 401,
          body: { error: { code: 'session_revoked', message: 'Revoked' } },
        },
      },
    });
    renderApp('/lifts');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.userToken)).toBeNull();
  });

  it('remembers an event opened without a session, asks to log in, and opens it after login', async () => {
    mockApi({
      ...version,
      'POST /liftwacht/auth': { body: { data: { accessToken: 'fresh', expiresIn: 900 } } },
      'GET /liftwacht/user': { body: { data: userWithRole('user') } },
      'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
      'GET /liftwacht/organisation': {
        body: { data: { items: organisations, pagination: { limit: 1000, offset: 0 }, total: 2 } },
      },
    });
    renderApp('/events/42');

    expect(await screen.findByText('Log in om het gevraagde lift-event te zien')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem(storageKeys.deepLinkEventId)).toBe('42');

    await userEvent.type(await screen.findByLabelText('Gebruikersnaam'), 'demo-user');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByRole('heading', { name: 'Event 42' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/events/42');
    expect(localStorage.getItem(storageKeys.deepLinkEventId)).toBeNull();
  });

  it('goes to the dashboard after a login without a stored event', async () => {
    mockApi({
      ...version,
      'POST /liftwacht/auth': { body: { data: { accessToken: 'fresh', expiresIn: 900 } } },
      'GET /liftwacht/user': { body: { data: userWithRole('user') } },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Gebruikersnaam'), 'demo-user');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/dashboard');
  });

  describe('dashboard shell', () => {
    it('starts on the own organisation when it has lifts, and on one with lifts when it has none', async () => {
      storedSession(userWithRole('admin'));
      renderApp('/dashboard');
      await waitFor(() => expect(getSessionState().organisationId).toBe(1));
      expect(screen.queryByText('Selecteer eerst een organisatie')).not.toBeInTheDocument();
    });

    it('leaves an organisation without lifts nobody picked (the platform after setup) for one with lifts', async () => {
      localStorage.setItem(storageKeys.organisationId, '1');
      storedSession(userWithRole('system-admin'), {
        organisationList: [
          { id: 1, name: 'Liftwacht Platform', type: 'maintenance', liftCount: 0 },
          { id: 5, name: 'Gemeente Houten', type: 'client', liftCount: 7 },
        ],
      });
      renderApp('/dashboard');
      await waitFor(() => expect(getSessionState().organisationId).toBe(5));
      expect(localStorage.getItem(storageKeys.organisationId)).toBe('5');
    });

    it('chooses the only organisation a user has', async () => {
      storedSession(userWithRole('admin'), { organisationList: organisations.slice(0, 1) });
      renderApp('/dashboard');
      await waitFor(() => expect(getSessionState().organisationId).toBe(1));
      expect(screen.queryByText('Selecteer eerst een organisatie')).not.toBeInTheDocument();
    });
  });
});
