import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionState } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { renderApp } from '../../../test/render.tsx';
import { dashboardSession, statsHandler } from '../../dashboard/testing/stats-fixtures.ts';

const selector = () => screen.findByRole('group', { name: 'Periode' });
const periodButton = (label: string) => screen.findByRole('button', { name: `Periode: ${label}` });
const storedPeriod = () => JSON.parse(localStorage.getItem(storageKeys.period) ?? 'null') as unknown;

beforeEach(() => {
  // Saturday 21 November 2026, noon; only Date is faked so the UI's timers keep running.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 21, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openDashboardInPeriodView() {
  const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
  renderApp('/dashboard');
  await userEvent.click(within(await selector()).getByRole('button', { name: 'Periode' }));
  await periodButton('november 2026');
  return api;
}

describe('period selector', () => {
  it('starts the period view with the current month, stored as liftwacht-period, and turns the current view off', async () => {
    await openDashboardInPeriodView();
    expect(storedPeriod()).toEqual({
      unit: 'month',
      offset: 0,
      from: '2026-11-01',
      to: '2026-11-30',
      label: 'november 2026',
    });
    expect(localStorage.getItem(storageKeys.startDate)).toBe('2026-11-01');
    expect(localStorage.getItem(storageKeys.endDate)).toBe('2026-11-30');
    expect(localStorage.getItem(storageKeys.viewIsCurrent)).toBe('false');
    // The current period has no next one yet.
    expect(screen.getByRole('button', { name: 'Volgende periode' })).toBeDisabled();
  });

  it('steps back and forth; next only while the period is in the past', async () => {
    const api = await openDashboardInPeriodView();
    await userEvent.click(screen.getByRole('button', { name: 'Vorige periode' }));
    await periodButton('oktober 2026');
    expect(screen.getByRole('button', { name: 'Volgende periode' })).toBeEnabled();
    await waitFor(() =>
      expect(api.callsTo('GET /liftwacht/stats').at(-1)?.url.searchParams.get('from')).toBe('2026-10-01'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Volgende periode' }));
    await periodButton('november 2026');
    expect(screen.getByRole('button', { name: 'Volgende periode' })).toBeDisabled();
  });

  it.each([
    ['Kwartaal', 'Q4 2026', 'Q3 2026', { from: '2026-07-01', to: '2026-09-30' }],
    ['Jaar', '2026', '2025', { from: '2025-01-01', to: '2025-12-31' }],
  ])('chooses a %s from the menu and steps it', async (unit, label, previous, range) => {
    await openDashboardInPeriodView();
    await userEvent.click(await periodButton('november 2026'));
    await userEvent.click(await screen.findByRole('menuitem', { name: unit }));
    await periodButton(label);
    await userEvent.click(screen.getByRole('button', { name: 'Vorige periode' }));
    await periodButton(previous);
    expect(getSessionState()).toMatchObject({ startDate: range.from, endDate: range.to, viewIsCurrent: false });
  });

  it('takes a custom range from the date form, labelled by ISO weeks when whole weeks', async () => {
    await openDashboardInPeriodView();
    await userEvent.click(await periodButton('november 2026'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Aangepaste periode…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aangepaste periode' });
    const from = within(dialog).getByLabelText(/^Van/);
    const to = within(dialog).getByLabelText(/^Tot en met/);

    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-16');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('De einddatum mag niet voor de begindatum liggen');

    // The server's bounds: at most ten years, between 1900 and 2199.
    await userEvent.clear(from);
    await userEvent.type(from, '2010-01-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2020-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('De periode mag hoogstens 10 jaar lang zijn');
    await userEvent.clear(from);
    await userEvent.type(from, '1850-01-01');
    await userEvent.clear(to);
    await userEvent.type(to, '1850-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Kies datums tussen 1900 en 2199');

    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-02');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toepassen' }));

    await periodButton('week 45 – 46, 2026');
    expect(storedPeriod()).toMatchObject({ unit: 'custom', from: '2026-11-02', to: '2026-11-15' });
    // A past custom range steps forward by its own length.
    await userEvent.click(screen.getByRole('button', { name: 'Volgende periode' }));
    await periodButton('week 47 – 48, 2026');
  });

  it('does not step back before 1900, which the server refuses', async () => {
    localStorage.setItem(storageKeys.startDate, '1900-01-01');
    localStorage.setItem(storageKeys.endDate, '1900-01-31');
    localStorage.setItem(storageKeys.viewIsCurrent, 'false');
    const api = dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');
    await periodButton('januari 1900');
    expect(screen.getByRole('button', { name: 'Vorige periode' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Volgende periode' })).toBeEnabled();
    await waitFor(() =>
      expect(api.callsTo('GET /liftwacht/stats').at(-1)?.url.searchParams.get('from')).toBe('1900-01-01'),
    );
  });

  it('goes back to the current view with the toggle', async () => {
    const api = await openDashboardInPeriodView();
    await userEvent.click(screen.getByRole('button', { name: 'Actuele situatie' }));
    expect(await screen.findByRole('link', { name: 'Liften buiten gebruik 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vorige periode' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/stats').at(-1)?.url.searchParams.has('from')).toBe(false);
    expect(localStorage.getItem(storageKeys.viewIsCurrent)).toBe('true');
  });

  it('opens the compare-periods page, which leads back to the dashboard', async () => {
    dashboardSession('admin', { 'GET /liftwacht/stats': statsHandler() });
    renderApp('/dashboard');
    await userEvent.click(within(await selector()).getByRole('link', { name: 'Periodes vergelijken' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Periodes vergelijken' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Terug naar dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('names periods in English too', async () => {
    await openDashboardInPeriodView();
    await act(async () => {
      await userEvent.selectOptions(screen.getByLabelText('Taal'), 'English (UK)');
    });
    expect(await screen.findByRole('button', { name: 'Period: November 2026' })).toBeInTheDocument();
  });
});
