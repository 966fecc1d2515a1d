import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../lib/dates.ts';
import { renderApp } from '../../../test/render.tsx';
import { dashboardSession, periodStats } from '../testing/stats-fixtures.ts';
import type { RecordedRequest } from '../../../test/mock-api.ts';

describe('compare periods', () => {
  it('puts each period next to the previous one with the change in percentage points and counts', async () => {
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats': ({ url }: RecordedRequest) => {
        const from = url.searchParams.get('from') ?? '';
        // The previous periods are over; the current ones run until after today.
        const previous = (url.searchParams.get('to') ?? '') < toIsoDate(new Date());
        const stats = previous
          ? periodStats({
              approvalRejected: { count: 4 },
              liftAvailability: { ...periodStats().liftAvailability, percentage: 99.5 },
            })
          : periodStats();
        return { body: { data: { ...stats, from, to: url.searchParams.get('to') ?? '' } } };
      },
    });
    renderApp('/compare-periods');

    const [month, ...others] = await screen.findAllByRole('table');
    expect(others).toHaveLength(2);
    if (!month) throw new Error('no month table');
    expect(month).toHaveAccessibleName(/^Maand: .+ vergeleken met .+$/);
    const availability = within(month).getByRole('row', { name: /Beschikbaarheid liften/ });
    expect(await within(availability).findByText('-0,5 procentpunt')).toBeInTheDocument();
    expect(within(availability).getByText('98,99 %')).toBeInTheDocument();
    expect(within(month).getByRole('row', { name: /Aantal afkeuringen/ })).toHaveTextContent(/14-3$/);
    // Month, quarter and year, each current and previous.
    expect(new Set(api.callsTo('GET /liftwacht/stats').map((call) => call.url.search)).size).toBe(6);
  });

  it('is not for client-light users', async () => {
    dashboardSession('client-light', {});
    renderApp('/compare-periods');
    expect(await screen.findByText('Periodes vergelijken is niet beschikbaar voor uw rol.')).toBeInTheDocument();
  });
});
