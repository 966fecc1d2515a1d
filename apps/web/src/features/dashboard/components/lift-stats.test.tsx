import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import { storePeriod } from '../testing/choose-period-view.ts';
import { dashboardSession, periodStats } from '../testing/stats-fixtures.ts';
import { LiftStats, type LiftStatsProps } from './lift-stats.tsx';

const currentState = {
  body: {
    data: {
      items: [
        { liftId: 4, name: 'Andere lift', statuses: [{ status: 'liftUnavailable', since: null }] },
        {
          liftId: 9,
          name: 'Hoofdlift',
          statuses: [
            { status: 'visits', since: '2026-11-21T09:00:00Z' },
            { status: 'senseNotConnected', since: '2026-11-21T08:00:00Z' },
          ],
        },
      ],
    },
  },
};

function renderLiftStats(props: Partial<LiftStatsProps> = {}, role: 'admin' | 'client-light' = 'admin') {
  sessionActions.setUser(userWithRole(role));
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <LiftStats liftId={9} organisationId={1} hasLiftType hasFlow {...props} />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.findByText(name, { selector: 'div' }).then((label) => label.parentElement);

describe('LiftStats, the single-lift variant', () => {
  it('shows yes/no per current status of this lift, from the current state', async () => {
    const api = dashboardSession('admin', { 'GET /liftwacht/current-state': currentState });
    renderLiftStats();
    expect(await screen.findByRole('heading', { name: 'Actuele situatie' })).toBeInTheDocument();
    await screen.findAllByText('Ja');
    expect(await card('Bezoek')).toHaveTextContent('BezoekJa');
    expect(await card('Buiten gebruik')).toHaveTextContent('Buiten gebruikNee');
    expect(await card('Sense-module niet verbonden')).toHaveTextContent('Ja');
    expect(screen.getAllByText(/^(Ja|Nee)$/)).toHaveLength(9);
    expect(api.callsTo('GET /liftwacht/current-state')[0]?.url.searchParams.get('organisationId')).toBe('1');
  });

  it('leaves out sense-not-connected without a lift flow', async () => {
    dashboardSession('admin', { 'GET /liftwacht/current-state': currentState });
    renderLiftStats({ hasFlow: false });
    await card('Bezoek');
    expect(screen.queryByText('Sense-module niet verbonden')).not.toBeInTheDocument();
    expect(await screen.findAllByText(/^(Ja|Nee)$/)).toHaveLength(8);
  });

  it('gives client-light users the two always-shown statuses only', async () => {
    dashboardSession('client-light', { 'GET /liftwacht/current-state': currentState });
    renderLiftStats({}, 'client-light');
    await card('Intercom niet beschikbaar');
    expect(await screen.findAllByText(/^(Ja|Nee)$/)).toHaveLength(2);
  });

  it('shows the lift’s figures over the selected period, energy in kWh with one decimal', async () => {
    storePeriod({ unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' });
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats': { body: { data: periodStats({ energyWh: 1_234_567 }) } },
    });
    renderLiftStats();
    await screen.findByText('1.234,6 kWh');
    expect(await card('Beschikbaarheid lift')).toHaveTextContent('98,99 %');
    expect(await card('Beschikbaarheid intercom')).toHaveTextContent('99,5 %');
    expect(await card('Energieverbruik')).toHaveTextContent('1.234,6 kWh');
    expect(await card('Afgekeurd geweest')).toHaveTextContent('Ja');
    expect(await card('Keuring verlopen')).toHaveTextContent('Ja');
    expect(await card('Keuring onbekend')).toHaveTextContent('Ja');
    expect(await card('Onderhoudsbezoeken totaal')).toHaveTextContent('12');
    expect(await card('Eerder')).toHaveTextContent('3');
    expect(await card('Op tijd')).toHaveTextContent('4');
    expect(await card('Later')).toHaveTextContent('5');
    const query = api.callsTo('GET /liftwacht/stats')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toMatchObject({ liftId: '9', organisationId: '1', from: '2026-10-01' });
  });

  it('has no intercom availability for a lift without a type', async () => {
    storePeriod({ unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' });
    dashboardSession('admin', { 'GET /liftwacht/stats': { body: { data: periodStats() } } });
    renderLiftStats({ hasLiftType: false });
    await card('Beschikbaarheid lift');
    expect(screen.queryByText('Beschikbaarheid intercom')).not.toBeInTheDocument();
  });
});
