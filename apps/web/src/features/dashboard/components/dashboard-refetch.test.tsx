import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { renderApp } from '../../../test/render.tsx';
import type { MockResponse, RecordedRequest } from '../../../test/mock-api.ts';
import { currentRefreshMs, statsQueryOptions } from '../api/stats-query.ts';
import { storePeriod } from '../testing/choose-period-view.ts';
import { dashboardSession, periodStats, statsHandler } from '../testing/stats-fixtures.ts';

const statsCalls = (api: ReturnType<typeof dashboardSession>) =>
  api.callsTo('GET /liftwacht/stats').map((call) => Object.fromEntries(call.url.searchParams));

afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard refetch rules (spec §4)', () => {
  it('refetches when the organisation changes and cancels the request still running for the old one', async () => {
    const answer = statsHandler();
    const api = dashboardSession('admin', {
      // Organisation 1 never answers: its request is still in flight when the organisation changes.
      'GET /liftwacht/stats': (request: RecordedRequest) =>
        request.url.searchParams.get('organisationId') === '1'
          ? new Promise<MockResponse>(() => undefined)
          : answer(request),
    });
    renderApp('/dashboard');
    await waitFor(() => expect(statsCalls(api)).toHaveLength(1));

    act(() => sessionActions.setOrganisationId(2));

    expect(await screen.findByRole('link', { name: 'Liften buiten gebruik 3' })).toBeInTheDocument();
    expect(statsCalls(api).map((call) => call.organisationId)).toEqual(['1', '2']);
    const first = api.calls.findIndex(
      (call) => call.path === '/liftwacht/stats' && call.url.searchParams.get('organisationId') === '1',
    );
    expect(api.fetchMock.mock.calls[first]?.[1]?.signal?.aborted).toBe(true);
  });

  it('refetches when the view or the start date changes', async () => {
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');
    await screen.findByRole('link', { name: 'Liften buiten gebruik 3' });

    await userEvent.click(screen.getByRole('button', { name: 'Periode' }));
    await screen.findByRole('link', { name: /Beschikbaarheid liften/ });
    act(() => sessionActions.choosePeriod({ unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' }));
    await waitFor(() => expect(statsCalls(api)).toHaveLength(3));

    const [current, period, previous] = statsCalls(api);
    expect(current).not.toHaveProperty('from');
    expect(period).toHaveProperty('from');
    expect(previous).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('refreshes the current view every 60 seconds, the period view never', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');
    await screen.findByRole('link', { name: 'Liften buiten gebruik 3' });
    expect(statsCalls(api)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(currentRefreshMs));
    await waitFor(() => expect(statsCalls(api)).toHaveLength(2));

    expect(statsQueryOptions({ organisationId: 1, view: 'current' }).refetchInterval).toBe(60_000);
    expect(statsQueryOptions({ organisationId: 1, view: 'period', from: 'a', to: 'b' }).refetchInterval).toBe(false);
  });

  it('lets identical requests share one call', async () => {
    storePeriod({ unit: 'month', offset: 0, from: '2026-11-01', to: '2026-11-30' });
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': { body: { data: periodStats() } } });
    const options = statsQueryOptions({ organisationId: 1, view: 'period', from: '2026-11-01', to: '2026-11-30' });
    await Promise.all([queryClient.query(options), queryClient.query(options), queryClient.query(options)]);
    expect(statsCalls(api)).toHaveLength(1);
  });
});
