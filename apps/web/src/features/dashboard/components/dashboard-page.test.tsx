import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { storePeriod } from '../testing/choose-period-view.ts';
import { currentStats, dashboardSession, liftList, periodStats, statsHandler } from '../testing/stats-fixtures.ts';

const november = { unit: 'month', offset: 0, from: '2026-11-01', to: '2026-11-30' } as const;

const card = (name: RegExp | string) => screen.findByRole('link', { name });

describe('dashboard', () => {
  it('starts on an organisation of the list rather than asking for one', async () => {
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() }, null);
    renderApp('/dashboard');
    expect(await screen.findByText(/87 liften/)).toBeInTheDocument();
    expect(screen.queryByText('Selecteer eerst een organisatie')).not.toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/lift')[0]?.url.searchParams.get('organisationId')).toBe('1');
  });

  it('shows the no-lifts message when the organisation has no lifts, without asking its figures', async () => {
    const api = dashboardSession('admin', {
      'GET /liftwacht/lift': { body: liftList(0) },
      'GET /liftwacht/stats': statsHandler(),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Organisatie heeft geen liften')).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/lift')).toHaveLength(1);
    expect(api.callsTo('GET /liftwacht/stats')).toHaveLength(0);
  });

  it('shows a mechanic the lifts his company serves, the lifts he works on and the two always-shown cards', async () => {
    storePeriod(november);
    const api = dashboardSession('monteur', {
      'GET /liftwacht/stats/served': {
        body: {
          data: { view: 'current', liftCount: 7, organisationCount: 2, intercomUnavailable: 3, senseNotConnected: 1 },
        },
      },
      'GET /liftwacht/visits/mine': {
        body: {
          data: {
            liftCount: 7,
            openVisits: [
              { id: 9, liftId: 4, liftname: 'Lift Gemeente', type: 'repair', startedAt: '2026-11-20T08:00:00.000Z' },
            ],
          },
        },
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText(/7 liften · Actuele situatie · 2 organisaties/)).toBeInTheDocument();
    expect(screen.getByText('Intercom niet beschikbaar').closest('[aria-busy]')).toHaveTextContent('3');
    expect(screen.getByText('Sense-module niet verbonden').closest('[aria-busy]')).toHaveTextContent('1');
    expect(screen.queryByText(/^Liften (niet beschikbaar|buiten gebruik)$/)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Lift Gemeente' })).toHaveAttribute('href', '/lifts/4');
    expect(screen.queryByText('Organisatie heeft geen liften')).not.toBeInTheDocument();
    // Nothing of one organisation: no /stats, no lift list; his visits over all he serves.
    expect(api.callsTo('GET /liftwacht/stats')).toHaveLength(0);
    expect(api.callsTo('GET /liftwacht/lift')).toHaveLength(0);
    expect(api.callsTo('GET /liftwacht/visits/mine')[0]?.url.searchParams.has('organisationId')).toBe(false);
  });

  it('tells a mechanic whose company serves no lifts yet how that changes', async () => {
    dashboardSession('monteur', {
      'GET /liftwacht/stats/served': {
        body: {
          data: { view: 'current', liftCount: 0, organisationCount: 0, intercomUnavailable: 0, senseNotConnected: 0 },
        },
      },
      'GET /liftwacht/visits/mine': { body: { data: { liftCount: 0, openVisits: [] } } },
    });
    renderApp('/dashboard');
    expect(await screen.findByText(/Uw bedrijf onderhoudt nog geen liften/)).toBeInTheDocument();
    expect(screen.getByText(/0 liften/)).toBeInTheDocument();
  });

  it('shows the no-lifts message when the stats answer 404', async () => {
    dashboardSession('admin', {
      'GET /liftwacht/stats': { status: 404, body: { error: { code: 'not_found', message: 'Lifts not found' } } },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Organisatie heeft geen liften')).toBeInTheDocument();
  });

  it('shows the Overview with the lift count from the lift list (limit 1) and the eight current cards', async () => {
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Overzicht' })).toBeInTheDocument();
    expect(await screen.findByText(/87 liften/)).toBeInTheDocument();
    const liftCall = api.callsTo('GET /liftwacht/lift')[0];
    expect(Object.fromEntries(liftCall?.url.searchParams ?? [])).toEqual({
      limit: '1',
      offset: '0',
      organisationId: '1',
    });

    const expected: [string, string, string][] = [
      ['Liften buiten gebruik', '3', 'liftUnavailable'],
      ['Technisch niet beschikbaar', '2', 'senseFailureSensor'],
      ['Bezoeken', '1', 'visits'],
      ['Onderhoud onvoldoende', '4', 'servicecounterMaintenanceAlert'],
      ['Liften afgekeurd', '5', 'approvalRejected'],
      ['Liften met verlopen keuring', '6', 'approvalExpired'],
      ['Liften met keuring onbekend', '8', 'inspectionUnknown'],
      ['Intercom niet beschikbaar', '7', 'intercomUnavailable'],
      ['Sense-module niet verbonden', '1.234', 'senseNotConnected'],
    ];
    for (const [label, value, type] of expected) {
      expect(await card(`${label} ${value}`)).toHaveAttribute('href', `/stats-details/${type}`);
    }
    const statsCall = api.callsTo('GET /liftwacht/stats')[0];
    expect(Object.fromEntries(statsCall?.url.searchParams ?? [])).toEqual({
      organisationId: '1',
      startHour: '7',
      endHour: '19',
    });
    // No PDF icon in the current view.
    expect(screen.queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
  });

  it.each(['client-light'] as const)(
    'shows %s only the two always-shown cards and no period selector',
    async (role) => {
      storePeriod(november);
      const api = dashboardSession(role, {
        'GET /liftwacht/stats': {
          body: { data: { view: 'current', intercomUnavailable: 7, senseNotConnected: 8 } },
        },
      });
      renderApp('/dashboard');
      expect(await card('Intercom niet beschikbaar 7')).toBeInTheDocument();
      expect(await card('Sense-module niet verbonden 8')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Liften buiten gebruik/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Periode' })).not.toBeInTheDocument();
      // Forced to the current view although a period is stored.
      expect(api.callsTo('GET /liftwacht/stats').every((call) => !call.url.searchParams.has('from'))).toBe(true);
    },
  );

  it('shows the period view: availability cards, pie legends with the bucket routes, the other cards and the PDF icon', async () => {
    storePeriod(november);
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');

    // Truncated like the PDF report: 98.996 → 98,99 %.
    expect(await card('Beschikbaarheid liften 98,99 %')).toHaveAttribute('href', '/stats-details/liftAvailability/0/1');
    expect(await card('Beschikbaarheid intercom 99,5 %')).toHaveAttribute(
      'href',
      '/stats-details/intercomAvailability/0/1',
    );
    const lifts = screen.getByRole('figure', { name: 'Liften' });
    expect(within(lifts).getByRole('link', { name: '< 98 %: 2 liften' })).toHaveAttribute(
      'href',
      '/stats-details/liftAvailability/0/0.98',
    );
    expect(within(lifts).getByRole('link', { name: '98 – 99 %: 3 liften' })).toHaveAttribute(
      'href',
      '/stats-details/liftAvailability/0.98/0.99',
    );
    expect(within(lifts).getByRole('link', { name: '≥ 99 %: 5 liften' })).toHaveAttribute(
      'href',
      '/stats-details/liftAvailability/0.99/null',
    );
    const intercom = screen.getByRole('figure', { name: 'Luidspreker/intercom' });
    expect(within(intercom).getByRole('link', { name: '98 – 99 %: 1 lift' })).toHaveAttribute(
      'href',
      '/stats-details/intercomAvailability/0.98/0.99',
    );

    for (const [label, value, type] of [
      ['Aantal afkeuringen', '1', 'approvalRejected'],
      ['Verlopen liftkeuringen', '2', 'approvalExpired'],
      ['Liften met keuring onbekend', '13', 'inspectionUnknown'],
      ['Onderhoudsbezoek eerder', '3', 'maintenanceBeforeInterval'],
      ['Onderhoudsbezoek op tijd', '4', 'maintenanceOnInterval'],
      ['Onderhoudsbezoek later', '5', 'maintenanceAfterInterval'],
      ['Onderhoudsinterval overschreden', '6', 'maintenanceExpired'],
    ]) {
      expect(await card(`${label} ${value}`)).toHaveAttribute('href', `/stats-details/${type}`);
    }
    expect(screen.getByRole('button', { name: 'PDF-rapport van de periode downloaden' })).toBeInTheDocument();
    const statsCall = api.callsTo('GET /liftwacht/stats')[0];
    expect(statsCall?.url.searchParams.get('from')).toBe('2026-11-01');
    expect(statsCall?.url.searchParams.get('to')).toBe('2026-11-30');
  });

  it('shows the chart error panel in place of the charts when the figures fail', async () => {
    storePeriod(november);
    dashboardSession('admin', {
      'GET /liftwacht/stats': { status: 500, body: { error: { code: 'internal_error', message: 'Boom' } } },
    });
    renderApp('/dashboard');
    expect(await screen.findAllByRole('heading', { name: 'Grafiekfout' })).toHaveLength(2);
    expect(await card('Beschikbaarheid liften –')).toBeInTheDocument();
  });

  it('draws the pie charts once their code has loaded', async () => {
    storePeriod(november);
    dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');
    const chart = await screen.findByRole('group', { name: 'Liften: liften per beschikbaarheid' });
    expect(
      await within(chart).findByRole('img', { name: '≥ 99 %: 5 liften' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(chart).getByRole('img', { name: '< 98 %: 2 liften' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Grafiekfout' })).not.toBeInTheDocument();
  });

  it('switches to English', async () => {
    dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler(periodStats(), currentStats) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Overzicht' });
    await userEvent.selectOptions(screen.getByLabelText('Taal'), 'English (UK)');
    expect(await card('Lifts out of service 3')).toBeInTheDocument();
    expect(await card('Sense module not connected 1,234')).toBeInTheDocument();
    expect(screen.getByText(/87 lifts/)).toBeInTheDocument();
  });
});
