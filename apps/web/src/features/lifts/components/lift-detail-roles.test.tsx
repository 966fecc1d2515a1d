import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession } from '../testing/lift-api.ts';

describe('LiftDetailPage per role and failure', () => {
  it('gives a mechanic the lift without its events or a way back to a list', async () => {
    const api = liftsSession('monteur');
    renderApp('/lifts/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lift Domplein' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Bezoeken' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Terug naar liften' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Events' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/events')).toHaveLength(0);
  });

  it('reports failing sense labels as a toast and still shows the values under their keys', async () => {
    liftsSession('admin', {
      'GET /liftwacht/sense/configuration': {
        status: 500,
        body: { error: { code: 'internal_error', message: 'Boom' } },
      },
    });
    renderApp('/lifts/7');
    const sense = await screen.findByRole('region', { name: 'Sense-data' }, { timeout: 15_000 });
    const table = await within(sense).findByRole('table', { name: 'Sense-data van de module' });
    expect(within(table).getByRole('rowheader', { name: 'f0' })).toBeInTheDocument();
    expect(await screen.findByText('Fout bij ophalen Sense-configuraties')).toBeInTheDocument();
  });

  it('offers the period selector above the lift’s figures, except to restricted users', async () => {
    liftsSession('admin');
    const { unmount } = renderApp('/lifts/7');
    expect(await screen.findByRole('group', { name: 'Weergave' }, { timeout: 15_000 })).toBeInTheDocument();
    unmount();
    liftsSession('client-light');
    renderApp('/lifts/7');
    expect(await screen.findByRole('region', { name: 'Liftgegevens' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Weergave' })).not.toBeInTheDocument();
  });
});
