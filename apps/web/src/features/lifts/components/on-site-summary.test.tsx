import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage.ts';
import { desktopMatchMedia, fakeMatchMedia } from '../../../test/match-media.ts';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession, onSiteFixture } from '../testing/lift-api.ts';

afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

describe('the on-site summary of a lift', () => {
  it('shows the mechanic the outage and since when, the open fault with its EN 627 name, the call and what is due', async () => {
    liftsSession('monteur');
    renderApp('/lifts/7');
    const summary = await screen.findByRole('region', { name: 'De lift nu' }, { timeout: 15_000 });
    const state = within(summary).getAllByRole('status')[0];
    expect(state).toHaveTextContent('Buiten gebruik');
    expect(state).toHaveTextContent('sinds 21-11-2026, 09:30 (1 u 30 min)');
    expect(state).toHaveTextContent('Oorzaak: Noodstop tijdens de rit');

    const call = within(summary).getByText('Open alarmoproep: Ontvangen').closest('[role="status"]');
    expect(call).toHaveTextContent('Opsluiting, ontvangen 21-11-2026, 09:32');
    expect(call).toHaveTextContent('Nog niet bevestigd');
    expect(call).toHaveTextContent('Toegewezen aan Liftservice Utrecht');

    const faults = within(summary).getByRole('list', { name: 'Open storingen (1)' });
    expect(within(faults).getByText('Noodstop tijdens de rit')).toBeInTheDocument();
    expect(within(faults).getByText('EN 627')).toBeInTheDocument();
    expect(faults).toHaveTextContent('verdieping 3');

    const due = within(summary).getByRole('list', { name: 'Wat is er nodig' });
    expect(due).toHaveTextContent('Keuring verlopen: was uiterlijk 1 mrt 2016');
    expect(due).toHaveTextContent('Onderhoud te laat: was uiterlijk 1 nov 2026');
    expect(due).toHaveTextContent('12.345 ritten sinds het laatste onderhoud (drempel 20.000)');

    const recent = screen.getByRole('region', { name: 'Laatste events en bezoeken' });
    expect(within(recent).getByRole('list', { name: 'Laatste events' })).toHaveTextContent('Lift buiten gebruik');
    expect(within(recent).getByText('Nog geen bezoeken')).toBeInTheDocument();
  });

  it('never calls a lift without a module in service', async () => {
    liftsSession('monteur', {
      'GET /liftwacht/lift/7/on-site': {
        body: {
          data: {
            ...onSiteFixture,
            service: { state: 'unknown', since: null, cause: null },
            faults: { items: [], total: 0 },
            call: null,
          },
        },
      },
    });
    renderApp('/lifts/7');
    const summary = await screen.findByRole('region', { name: 'De lift nu' }, { timeout: 15_000 });
    expect(within(summary).getAllByRole('status')[0]).toHaveTextContent(
      'In gebruik of buiten gebruik: onbekendEr is geen module gekoppeld',
    );
    expect(within(summary).getByText('Geen open storingen gemeld')).toBeInTheDocument();
    expect(within(summary).queryByText(/Open alarmoproep/)).not.toBeInTheDocument();
  });

  it('is for people at the lift: an administrator gets it through the sticker, not otherwise', async () => {
    const api = liftsSession('admin');
    const { unmount } = renderApp('/lifts/7');
    expect(await screen.findByRole('region', { name: 'Liftgegevens' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'De lift nu' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/lift/7/on-site')).toHaveLength(0);
    unmount();

    localStorage.setItem(storageKeys.lockedLiftId, '7');
    liftsSession('admin');
    renderApp('/lifts/7');
    expect(await screen.findByRole('region', { name: 'De lift nu' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('tells who may not record an inspection who does', async () => {
    liftsSession('monteur');
    renderApp('/lifts/7');
    const panel = await screen.findByRole('region', { name: 'Keuringen' }, { timeout: 15_000 });
    expect(within(panel).queryByRole('button', { name: 'Keuring vastleggen' })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Keuringen worden vastgelegd door een beheerder van de organisatie');
  });
});

describe('the history lists on a phone', () => {
  it('shows visits and logbook as two-line rows with the date on one line and the whole text', async () => {
    window.matchMedia = fakeMatchMedia((query) => query.includes('max-width'));
    localStorage.setItem(storageKeys.historyCheckboxes, JSON.stringify({ events: false, visits: true, logbook: true }));
    const correctableUntil = new Date(Date.now() + 3_600_000).toISOString();
    liftsSession('monteur', {
      'GET /liftwacht/lift/7/logbook': {
        body: {
          data: {
            items: [
              {
                id: 6,
                liftId: 7,
                logType: 'repair',
                at: '2026-11-21T09:00:00Z',
                text: 'Noodstop gereset na controle van het veiligheidscircuit op alle verdiepingen',
                authorId: 1,
                correctableUntil,
              },
              {
                id: 5,
                liftId: 7,
                logType: 'periodic_inspection',
                at: '2026-04-01T10:00:00Z',
                text: 'Goedgekeurd zonder opmerkingen',
              },
            ],
            pagination: { limit: 10, offset: 0 },
            total: 2,
          },
        },
      },
    });
    renderApp('/lifts/7');
    const visits = await screen.findByRole('list', { name: 'Bezoeken aan deze lift' }, { timeout: 15_000 });
    expect(screen.queryByRole('table', { name: 'Bezoeken aan deze lift' })).not.toBeInTheDocument();
    const visit = within(visits).getByRole('link');
    expect(visit).toHaveAttribute('href', '/lifts/7/visits/3');
    expect(visit).toHaveTextContent('Onderhoud20-11-2026, 09:00 · Afgerond · 1 u 30 minMonteur Jan de Vries');
    expect(within(visit).getByText('20-11-2026, 09:00')).toHaveStyle({ whiteSpace: 'nowrap' });

    const logbook = await screen.findByRole('list', { name: 'Logboek van deze lift' });
    expect(screen.queryByRole('table', { name: 'Logboek van deze lift' })).not.toBeInTheDocument();
    expect(logbook).toHaveTextContent('Periodieke keuring');
    expect(within(logbook).getByText('Goedgekeurd zonder opmerkingen')).toBeInTheDocument();
    // The author's own line keeps its correction, in the row; the other line has none.
    const [own, other] = within(logbook).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(own).getByRole('button', { name: /corrigeren$/ })).toBeInTheDocument();
    expect(own).toHaveTextContent('Noodstop gereset na controle van het veiligheidscircuit op alle verdiepingen');
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();
  });
});
