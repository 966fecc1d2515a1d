import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toIsoDate } from '../../../lib/dates.ts';
import { renderApp } from '../../../test/render.tsx';
import { dashboardSession, liftList, periodStats } from '../testing/stats-fixtures.ts';
import type { RecordedRequest } from '../../../test/mock-api.ts';

const statsAnswer = ({ url }: RecordedRequest) => {
  const from = url.searchParams.get('from') ?? '';
  // The period compared with is the one of 2024 here.
  const stats = from.startsWith('2024')
    ? periodStats({
        approvalRejected: { count: 4 },
        liftAvailability: { ...periodStats().liftAvailability, percentage: 99.5 },
      })
    : periodStats();
  return {
    body: { data: { ...stats, from, to: url.searchParams.get('to') ?? '' } },
  };
};

const askedRanges = (api: ReturnType<typeof dashboardSession>) =>
  api
    .callsTo('GET /liftwacht/stats')
    .map((call) => `${call.url.searchParams.get('from') ?? ''}/${call.url.searchParams.get('to') ?? ''}`);

describe('compare periods', () => {
  it('puts the chosen period next to the other with the change in percentage points and counts', async () => {
    dashboardSession('admin', { 'GET /liftwacht/stats': statsAnswer });
    renderApp('/compare-periods?unit=month&period=2025-10-01/2025-10-31&compareWith=2024-10-01/2024-10-31');

    const table = await screen.findByRole('table', { name: 'Maand: oktober 2025 vergeleken met oktober 2024' });
    const availability = within(table).getByRole('row', { name: /Beschikbaarheid liften/ });
    expect(await within(availability).findByText('-0,5 procentpunt')).toBeInTheDocument();
    expect(within(availability).getByText('98,99 %')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Aantal afkeuringen/ })).toHaveTextContent(/14-3$/);
    // Two periods over: nothing is cut or marked.
    expect(screen.queryByText(/loopt nog/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Periode' })).toHaveTextContent('oktober 2025');
    expect(screen.getByRole('combobox', { name: 'Vergelijken met' })).toHaveTextContent('oktober 2024');
  });

  it('compares a running month with the same days of the previous one, or whole and marked partial', async () => {
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsAnswer });
    const user = userEvent.setup();
    renderApp('/compare-periods');
    const today = new Date();
    const day = toIsoDate(today);
    const monthStart = toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1));
    const previousStart = toIsoDate(new Date(today.getFullYear(), today.getMonth() - 1, 1));

    expect(await screen.findByText(/loopt nog: vergeleken worden dezelfde dagen/)).toBeInTheDocument();
    await waitFor(() => expect(askedRanges(api)).toContain(`${monthStart}/${day}`));
    const [previous] = askedRanges(api).filter((range) => range.startsWith(previousStart));
    expect(previous?.slice(-2)).toBe(
      String(Math.min(today.getDate(), new Date(today.getFullYear(), today.getMonth(), 0).getDate())).padStart(2, '0'),
    );

    await user.click(screen.getByRole('switch', { name: 'Hele periodes vergelijken, ook als er een nog loopt' }));
    expect(await screen.findByRole('table', { name: /\(lopend, onvolledig\) vergeleken met/ })).toBeInTheDocument();
    expect(screen.getByText(/loopt nog: de cijfers gaan tot vandaag/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('running=whole');
  });

  it('switches to quarters and to custom ranges, refusing a range that has not begun', async () => {
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsAnswer });
    const user = userEvent.setup();
    renderApp('/compare-periods?unit=month&period=2025-10-01/2025-10-31&compareWith=2024-10-01/2024-10-31');
    await screen.findByRole('table', { name: /^Maand/ });

    await user.click(screen.getByRole('combobox', { name: 'Vergelijken per' }));
    await user.click(await screen.findByRole('option', { name: 'Kwartaal' }));
    expect(await screen.findByRole('table', { name: /^Kwartaal: / })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('unit=quarter');

    await user.click(screen.getByRole('combobox', { name: 'Vergelijken per' }));
    await user.click(await screen.findByRole('option', { name: 'Aangepaste periode' }));
    // Each date the server would take is applied at once (the fields are drawn anew for it).
    const second = () => screen.getByRole('group', { name: 'Vergelijken met' });
    fireEvent.change(within(second()).getByLabelText('Van'), { target: { value: '2024-01-01' } });
    fireEvent.change(within(second()).getByLabelText('Tot en met'), { target: { value: '2024-01-31' } });
    await waitFor(() => expect(askedRanges(api)).toContain('2024-01-01/2024-01-31'));
    expect(screen.getByTestId('location')).toHaveTextContent('compareWith=2024-01-01%2F2024-01-31');

    fireEvent.change(within(second()).getByLabelText('Tot en met'), { target: { value: '2199-01-31' } });
    expect(await screen.findByText('De periode mag hoogstens 10 jaar lang zijn')).toBeInTheDocument();
    fireEvent.change(within(second()).getByLabelText('Van'), { target: { value: '2199-01-01' } });
    expect(await screen.findByText('Deze periode is nog niet begonnen')).toBeInTheDocument();
    expect(askedRanges(api).some((range) => range.startsWith('2199'))).toBe(false);
  });

  it('starts from the period the dashboard shows, against the one before it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 21, 12) });
    try {
      dashboardSession('admin', { 'GET /liftwacht/stats': statsAnswer });
      const user = userEvent.setup();
      renderApp('/dashboard');
      const selector = await screen.findByRole('group', { name: 'Periode' });
      await user.click(within(selector).getByRole('button', { name: 'Periode' }));
      await user.click(await screen.findByRole('button', { name: 'Vorige periode' }));
      await screen.findByRole('button', { name: 'Periode: oktober 2026' });
      await user.click(within(selector).getByRole('link', { name: 'Periodes vergelijken' }));
      expect(
        await screen.findByRole('table', { name: 'Maand: oktober 2026 vergeleken met september 2026' }),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says an organisation without lifts has none, and asks no figures for it', async () => {
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats': statsAnswer,
      'GET /liftwacht/lift': { body: liftList(0) },
    });
    renderApp('/compare-periods?unit=month&period=2025-10-01/2025-10-31&compareWith=2024-10-01/2024-10-31');
    expect(await screen.findByText('Organisatie heeft geen liften')).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/stats')).toHaveLength(0);
  });

  it('is not for client-light users', async () => {
    dashboardSession('client-light', {});
    renderApp('/compare-periods');
    expect(await screen.findByText('Periodes vergelijken is niet beschikbaar voor uw rol.')).toBeInTheDocument();
  });
});
