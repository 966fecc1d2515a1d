import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { toIsoDate } from '../../../lib/dates.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import type { RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp, renderWithProviders } from '../../../test/render.tsx';
import { storePeriod } from '../testing/choose-period-view.ts';
import { dashboardSession, periodStats, statsHandler } from '../testing/stats-fixtures.ts';
import { LiftStats } from './lift-stats.tsx';

const november = { unit: 'month', offset: 0, from: '2026-11-01', to: '2026-11-30' } as const;
const card = (name: RegExp | string) => screen.findByRole('link', { name });

/** No calls and no events: every figure but the counts is undefined. */
const quietPeriod = () =>
  periodStats({
    entrapments: { count: 0 },
    timeToAcknowledge: { count: 0, medianSeconds: null, p90Seconds: null },
    timeToFree: { count: 0, medianSeconds: null, p90Seconds: null },
    falseAlarmShare: { percentage: null, falseAlarms: 0, calls: 0 },
    unavailabilityEvents: { count: 0 },
    mtbf: { seconds: null, inServiceSeconds: 2_592_000 },
    mttr: { seconds: null, count: 0 },
  });

describe('entrapment handling and reliability cards', () => {
  it('show the figures in the period view, each opening its stats details', async () => {
    storePeriod(november);
    dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');

    expect(await screen.findByRole('region', { name: 'Afhandeling opsluitingen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Betrouwbaarheid' })).toBeInTheDocument();
    const expected: [string, string][] = [
      ['Opsluitingen 7', 'entrapments'],
      // Medians in the app's one duration format, the 90th percentile beneath.
      ['Tijd tot bevestiging (mediaan) 1 min 90e percentiel 4 min', 'timeToAcknowledge'],
      ['Tijd tot bevrijding (mediaan) 10 min 90e percentiel 18 min', 'timeToFree'],
      ['Aandeel loos alarm 27,27 %', 'falseAlarmShare'],
      ['Onbeschikbaarheden 6', 'unavailabilityEvents'],
      ['MTBF (gem. tijd tussen storingen) 16 d 8 u', 'mtbf'],
      ['MTTR (gem. hersteltijd) 15 u 08 min', 'mttr'],
    ];
    for (const [name, type] of expected) {
      expect(await card(name)).toHaveAttribute('href', `/stats-details/${type}`);
    }
  });

  it('show a dash, not 0, where a figure is undefined', async () => {
    storePeriod(november);
    dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler(quietPeriod()) });
    renderApp('/dashboard');
    expect(await card('Opsluitingen 0')).toBeInTheDocument();
    expect(await card('Tijd tot bevestiging (mediaan) –')).toBeInTheDocument();
    expect(await card('Aandeel loos alarm –')).toBeInTheDocument();
    expect(await card('MTBF (gem. tijd tussen storingen) –')).toBeInTheDocument();
    expect(await card('MTTR (gem. hersteltijd) –')).toBeInTheDocument();
  });

  it('open a details list of the period with durations and the figure as the value column', async () => {
    storePeriod(november);
    const items: StatsDetailItem[] = [
      { liftId: 2, name: 'Lift B', address: 'B-straat 1', buildingName: null, value: 259_200, unit: 'seconds' },
      { liftId: 1, name: 'Lift A', address: 'A-straat 1', buildingName: null, value: 4500, unit: 'seconds' },
    ];
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats/details': {
        body: { data: { items, pagination: { limit: 1000, offset: 0 }, total: 2 } },
      },
    });
    renderApp('/stats-details/mttr');
    expect(await screen.findByRole('heading', { name: 'MTTR (gem. hersteltijd)' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Liften bij deze statistiek' });
    expect(within(table).getByRole('columnheader', { name: 'MTTR' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Lift B.*3 d 0 u/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Lift A.*1 u 15 min/ })).toBeInTheDocument();
    const query = api.callsTo('GET /liftwacht/stats/details')[0]?.url.searchParams;
    expect(query?.get('type')).toBe('mttr');
    expect(query?.get('from')).toBe('2026-11-01');
    expect(query?.get('to')).toBe('2026-11-30');
  });

  it('show on the lift page for the selected period', async () => {
    storePeriod(november);
    dashboardSession('admin', {
      'GET /liftwacht/stats': statsHandler(
        periodStats({
          entrapments: { count: 2 },
          timeToFree: { count: 1, medianSeconds: 125, p90Seconds: 125 },
          falseAlarmShare: { percentage: null, falseAlarms: 0, calls: 0 },
        }),
      ),
    });
    sessionActions.setUser(userWithRole('admin'));
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <LiftStats liftId={9} organisationId={1} hasLiftType hasFlow />
      </QueryClientProvider>,
    );
    const text = (label: string) => screen.getByText(label, { selector: 'div' }).parentElement?.textContent;
    await waitFor(() => expect(text('Opsluitingen')).toBe('Opsluitingen2'));
    expect(text('Tijd tot bevrijding (mediaan)')).toBe('Tijd tot bevrijding (mediaan)2 min90e percentiel 2 min');
    expect(text('Aandeel loos alarm')).toBe('Aandeel loos alarm–');
    expect(text('MTTR (gem. hersteltijd)')).toBe('MTTR (gem. hersteltijd)15 u 08 min');
  });

  it('compare periods side by side, with the change and a dash where a period has no value', async () => {
    dashboardSession('admin', {
      'GET /liftwacht/stats': ({ url }: RecordedRequest) => {
        const to = url.searchParams.get('to') ?? '';
        const previous = to < toIsoDate(new Date());
        const stats = previous
          ? periodStats({
              entrapments: { count: 9 },
              timeToAcknowledge: { count: 4, medianSeconds: 60, p90Seconds: 400 },
              mttr: { seconds: null, count: 0 },
            })
          : periodStats();
        return { body: { data: { ...stats, from: url.searchParams.get('from') ?? '', to } } };
      },
    });
    renderApp('/compare-periods');
    const [month] = await screen.findAllByRole('table');
    if (!month) throw new Error('no month table');
    const row = async (name: RegExp) => (await within(month).findByRole('row', { name })).textContent;
    expect(await row(/^Opsluitingen/)).toBe('Opsluitingen79-2');
    expect(await row(/^Tijd tot bevestiging \(mediaan\)/)).toBe('Tijd tot bevestiging (mediaan)1 min1 min+30 s');
    expect(await row(/^Tijd tot bevestiging \(90e percentiel\)/)).toBe(
      'Tijd tot bevestiging (90e percentiel)4 min6 min-2 min',
    );
    expect(await row(/^MTTR/)).toBe('MTTR (gem. hersteltijd)15 u 08 min––');
  });
});
