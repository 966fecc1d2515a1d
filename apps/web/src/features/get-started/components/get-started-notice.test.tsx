import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GetStarted } from '@liftwacht/contracts/get-started';
import { storageKeys } from '../../../lib/storage.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { storedSession } from '../../../test/session.ts';

const halfway: GetStarted = {
  steps: [
    { step: 'people', done: true, count: 2 },
    { step: 'lifts', done: false, count: 0 },
    { step: 'modules', done: false, count: 0 },
  ],
  done: false,
};

function dashboardOf(role: 'admin' | 'user', checklist: GetStarted) {
  localStorage.setItem(storageKeys.organisationId, '1');
  return storedSession(userWithRole(role), {
    extra: {
      'GET /liftwacht/get-started': { body: { data: checklist } },
      // An organisation without lifts: the dashboard asks nothing else.
      'GET /liftwacht/lift': { body: { data: { items: [], pagination: { limit: 1, offset: 0 }, total: 0 } } },
    },
  });
}

describe('GetStartedNotice on the dashboard', () => {
  it('tells an administrator how far setting up is, with the way back to the checklist', async () => {
    dashboardOf('admin', halfway);
    renderApp('/dashboard');
    expect(
      await screen.findByText('Liftwacht inrichten: 1 van 3 stappen gedaan.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verder inrichten' })).toHaveAttribute('href', '/admin/get-started');
  });

  it('is gone once every step is done, and never asked for by other roles', async () => {
    dashboardOf('admin', { steps: halfway.steps.map((s) => ({ ...s, done: true, count: 1 })), done: true });
    renderApp('/dashboard');
    expect(await screen.findByText('Organisatie heeft geen liften', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Verder inrichten' })).not.toBeInTheDocument();
  });

  it('asks nothing for a role that does not administer', async () => {
    const api = dashboardOf('user', halfway);
    renderApp('/dashboard');
    expect(await screen.findByText('Organisatie heeft geen liften', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/get-started')).toHaveLength(0);
  });
});
