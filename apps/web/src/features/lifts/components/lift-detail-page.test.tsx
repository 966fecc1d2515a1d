import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage.ts';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession } from '../testing/lift-api.ts';

const region = (name: string) => screen.findByRole('region', { name });

const visitOfLift7 = {
  data: {
    id: 3,
    liftId: 7,
    type: 'repair',
    role: 'inspector',
    state: 'progress',
    startedAt: '2026-11-20T08:00:00Z',
    endedAt: null,
    durationSeconds: 90_000,
    person: 'Piet',
    remarks: 'Deur afgesteld',
    lift: {
      id: 7,
      organisationId: 1,
      liftname: 'Lift Domplein',
      address: 'Domplein 4',
      buildingName: null,
      esNumber: null,
    },
    logbook: [{ id: 1, liftId: 7, logType: 'repair', at: '2026-11-20T08:30:00Z', text: 'Deurrubber vervangen' }],
  },
};

describe('LiftDetailPage', () => {
  it('shows every panel with the lift’s data', async () => {
    liftsSession();
    renderApp('/lifts/7');
    // The first render transforms the lazy page and its charts: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lift Domplein' }, { timeout: 15_000 }),
    ).toBeInTheDocument();

    const details = await region('Liftgegevens');
    for (const [label, value] of [
      ['Gebouwnaam', 'Domtoren'],
      ['SBCL-id', 'SBCL-123'],
      ['Serienummer', 'SN-777'],
      ['Eigenaarsnummer', 'OWN-1'],
      ['Keuringsnummer', 'INS-2'],
      ['Installateursnummer', 'INST-3'],
      ['Telefoonnummer', '030 123 4567'],
      ['Fabrieksnummer', 'MF-4'],
    ] as const) {
      expect(within(details).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(details).getByText('Laatste wijziging')).toBeInTheDocument();

    const statuses = await region('Actuele statussen');
    expect(await within(statuses).findByText('Keuring verlopen')).toBeInTheDocument();
    expect(within(statuses).getByText(/Ritten sinds laatste onderhoud: 1\.234/)).toBeInTheDocument();
    expect(within(statuses).queryByText('Buiten gebruik')).not.toBeInTheDocument();

    const realtime = await region('Realtime meldingen');
    expect(within(realtime).getByText('Geen realtime meldingen')).toBeInTheDocument();

    const sense = await region('Sense-data');
    const senseTable = await within(sense).findByRole('table', { name: 'Sense-data van de module' });
    const rows = within(senseTable).getAllByRole('row').slice(1);
    // Key order (f0, f10, f13), labels from the configuration, the key where a label is missing;
    // the unit after the value.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Deur open',
      'f10',
      'Netspanning',
    ]);
    expect(rows[0]).toHaveTextContent('Ja');
    expect(rows[2]).toHaveTextContent('231 V');
    // One message, one time: above the table rather than in every row.
    expect(within(sense).getByText('Alle waarden zijn van 21-11-2026, 10:00.')).toBeInTheDocument();

    const energy = await region('Energieverbruik');
    expect(await within(energy).findAllByText('12,3 kWh')).toHaveLength(2);
    expect(within(energy).getByText('32,3 kWh')).toBeInTheDocument();

    expect(await screen.findByText('Totaal: 75.000 ritten')).toBeInTheDocument();
    expect(screen.getAllByText('Totaal: 12 ritten')).toHaveLength(2);
    expect(await screen.findByText('41.234 ritten per jaar')).toBeInTheDocument();

    const visits = await region('Bezoeken');
    expect(await within(visits).findByRole('link', { name: 'Onderhoud' })).toHaveAttribute('href', '/lifts/7/visits/3');
    expect(within(visits).getByText('Monteur')).toBeInTheDocument();
    expect(within(visits).getByText('Afgerond')).toBeInTheDocument();
    expect(within(visits).getByText('1 u 30 min')).toBeInTheDocument();

    const events = await region('Events');
    expect(await within(events).findByRole('link', { name: 'Accu alarmtelefoon zwak' })).toHaveAttribute(
      'href',
      '/events/21',
    );
    expect(within(events).getByText('loopt nog')).toBeInTheDocument();

    const logbook = await region('Logboek');
    expect(await within(logbook).findByText('Periodieke keuring')).toBeInTheDocument();
  });

  it('shows the chart error panel when a chart fails and the no-data text when it is empty', async () => {
    liftsSession('admin', {
      'GET /liftwacht/lift/7/counters': ({ url }) =>
        url.searchParams.get('interval') === 'week'
          ? { status: 500, body: { error: { code: 'internal_error', message: 'Boom' } } }
          : {
              body: {
                data: {
                  liftId: 7,
                  kind: url.searchParams.get('kind') ?? 'rides',
                  interval: url.searchParams.get('interval'),
                  from: '2026-01-01',
                  to: '2026-11-21',
                  timeZone: 'Europe/Amsterdam',
                  items: [],
                  sum: 0,
                },
              },
            },
    });
    renderApp('/lifts/7');
    const weeks = await screen.findByRole('figure', { name: /Ritten per week/ });
    expect(await within(weeks).findByRole('alert')).toHaveTextContent('Grafiekfout');
    expect(within(weeks).getByRole('button', { name: 'Opnieuw' })).toBeInTheDocument();
    const years = screen.getByRole('figure', { name: /Ritten per jaar/ });
    expect(await within(years).findByText('Geen data beschikbaar voor het maken van een grafiek')).toBeInTheDocument();
  });

  it('remembers the history checkboxes in the browser', async () => {
    liftsSession();
    const user = userEvent.setup();
    const { unmount } = renderApp('/lifts/7');
    await region('Logboek');
    await user.click(screen.getByRole('checkbox', { name: 'Logboek' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Logboek' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(storageKeys.historyCheckboxes) ?? '{}')).toEqual({
      events: true,
      visits: true,
      logbook: false,
    });
    unmount();
    renderApp('/lifts/7');
    expect(await screen.findByRole('checkbox', { name: 'Logboek' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bezoeken' })).toBeChecked();
  });

  it('says so when the lift does not exist or belongs to another organisation', async () => {
    liftsSession('admin', {
      'GET /liftwacht/lift/8': { status: 404, body: { error: { code: 'not_found', message: 'Lift not found' } } },
    });
    renderApp('/lifts/8');
    expect(await screen.findByText('Geen SBCL installatie gevonden')).toBeInTheDocument();
  });

  it('opens a visit with its labels and the logbook written meanwhile', async () => {
    liftsSession('monteur', {
      'GET /liftwacht/visits/3': {
        body: visitOfLift7,
      },
    });
    renderApp('/lifts/7/visits/3');
    const details = await screen.findByRole('region', { name: 'Bezoekgegevens' });
    expect(within(details).getByText('Reparatie')).toBeInTheDocument();
    expect(within(details).getByText('Inspecteur')).toBeInTheDocument();
    expect(within(details).getByText('Bezig')).toBeInTheDocument();
    expect(within(details).getByText('1 d 1 u')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Lift Domplein, Domplein 4' })).toHaveAttribute(
      'href',
      '/lifts/7',
    );
    expect(screen.getByText('Deurrubber vervangen')).toBeInTheDocument();
  });

  it('does not show another lift’s visit under this lift', async () => {
    liftsSession('admin', { 'GET /liftwacht/visits/3': { body: visitOfLift7 } });
    renderApp('/lifts/8/visits/3');
    expect(await screen.findByText('Dit bezoek bestaat niet of u heeft er geen toegang toe.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bezoekgegevens' })).not.toBeInTheDocument();
  });

  it('returns to the lift list when the organisation changes on a visit page', async () => {
    liftsSession('admin', {
      'GET /liftwacht/visits/3': { status: 404, body: { error: { code: 'not_found', message: 'Visit not found' } } },
      'GET /liftwacht/lift': { body: { data: { items: [], pagination: { limit: 25, offset: 0 }, total: 0 } } },
    });
    const user = userEvent.setup();
    renderApp('/lifts/7/visits/3');
    expect(await screen.findByText('Dit bezoek bestaat niet of u heeft er geen toegang toe.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Kies een organisatie' }));
    await user.click(await screen.findByRole('option', { name: 'Woonstichting Noord' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/lifts$/));
  });
});
