// Issue 18 point 1 in the web app: "Stickers printen" on the lifts list and the lift page, and a
// sticker URL that leads through the login to its lift and locks the session to it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liftStickerPath } from '@liftwacht/contracts/lift-stickers';
import { getSessionState } from '../../lib/session/session-store.ts';
import { storageKeys } from '../../lib/storage.ts';
import { organisations, userWithRole } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render.tsx';
import { liftDetailRoutes, liftsSession } from '../lifts/testing/lift-api.ts';

const emptyList = { body: { data: { items: [], pagination: { limit: 25, offset: 0 }, total: 0 } } };
const sheet = {
  body: '%PDF-1.7',
  headers: { 'Content-Disposition': 'attachment; filename="liftwacht-stickers-1.pdf"' },
};
const location = () => screen.getByTestId('location');
const timeout = { timeout: 15_000 };

beforeEach(() => {
  // jsdom has no object URLs; the file itself is the server's business.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:stickers'), revokeObjectURL: vi.fn() }));
});

describe('Stickers printen', () => {
  it('prints the lifts the list shows: organisation, search and order, in the user’s language', async () => {
    const api = liftsSession('admin', {
      'GET /liftwacht/lift': emptyList,
      'POST /liftwacht/admin/lift-stickers': sheet,
    });
    const user = userEvent.setup();
    renderApp('/lifts?search=dom&sort=city&dir=desc');
    await user.click(await screen.findByRole('button', { name: 'Stickers printen' }, timeout));
    expect(await screen.findByText('liftwacht-stickers-1.pdf is gedownload.')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/lift-stickers')[0]?.body).toEqual({
      language: 'nl',
      organisationId: 1,
      search: 'dom',
      sort: 'city',
      direction: 'desc',
    });
  });

  it('prints one lift’s sticker on its page, and reports a refusal', async () => {
    const api = liftsSession('admin', {
      'POST /liftwacht/admin/lift-stickers': { status: 403, body: { error: { code: 'forbidden', message: 'Nee' } } },
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Stickers printen' }, timeout));
    expect(await screen.findByText(/^De stickers konden niet worden gemaakt/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stickers printen' })).toBeEnabled());
    expect(api.callsTo('POST /liftwacht/admin/lift-stickers')[0]?.body).toEqual({
      language: 'nl',
      organisationId: 1,
      liftIds: [7],
    });
  });

  it('is not offered to roles without lifts.manage', async () => {
    liftsSession('user');
    renderApp('/lifts/7');
    expect(await screen.findByRole('heading', { name: 'Lift Domplein' }, timeout)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stickers printen' })).not.toBeInTheDocument();
  });
});

describe('a sticker URL', () => {
  it('locks a monteur’s session to the lift, drops the marker and offers no unlock', async () => {
    liftsSession('monteur');
    renderApp(liftStickerPath(7));
    expect(await screen.findByRole('heading', { name: 'Lift Domplein' }, timeout)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/lifts\/7$/));
    expect(getSessionState().lockedLiftId).toBe(7);
    expect(localStorage.getItem(storageKeys.lockedLiftId)).toBe('7');
    const banner = screen.getByRole('region', { name: 'Vergrendeld op lift' });
    expect(banner).toHaveTextContent('Deze sessie is vergrendeld op lift 7 (via de sticker).');
    expect(screen.queryByRole('button', { name: 'Ontgrendelen' })).not.toBeInTheDocument();
  });

  it('lets other roles unlock again', async () => {
    liftsSession('user');
    const user = userEvent.setup();
    renderApp(liftStickerPath(7));
    await user.click(await screen.findByRole('button', { name: 'Ontgrendelen' }, timeout));
    expect(getSessionState().lockedLiftId).toBeNull();
    expect(screen.queryByRole('region', { name: 'Vergrendeld op lift' })).not.toBeInTheDocument();
  });

  it('opened without a session leads through the login to the lift, locked', async () => {
    mockApi({
      'GET /liftwacht/version': { body: { data: { version: '1.4.2' } } },
      'POST /liftwacht/auth': { body: { data: { accessToken: 'fresh', expiresIn: 900 } } },
      'GET /liftwacht/user': { body: { data: userWithRole('monteur') } },
      'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
      'GET /liftwacht/organisation': {
        body: { data: { items: organisations, pagination: { limit: 1000, offset: 0 }, total: 2 } },
      },
      ...liftDetailRoutes,
    });
    renderApp(liftStickerPath(7));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem(storageKeys.stickerPath)).toBe('/lifts/7?sticker=1');

    await userEvent.type(await screen.findByLabelText('Gebruikersnaam'), 'demo-monteur');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByRole('heading', { name: 'Lift Domplein' }, timeout)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/lifts\/7$/));
    expect(getSessionState().lockedLiftId).toBe(7);
    expect(localStorage.getItem(storageKeys.stickerPath)).toBeNull();
  });

  it('a locked session returns to its lift after the next login', async () => {
    localStorage.setItem(storageKeys.lockedLiftId, '7');
    liftsSession('monteur');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Lift Domplein' }, timeout)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/lifts\/7$/);
  });
});
