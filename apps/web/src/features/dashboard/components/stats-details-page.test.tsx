import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage.ts';
import { renderApp } from '../../../test/render.tsx';
import { storePeriod } from '../testing/choose-period-view.ts';
import { dashboardSession } from '../testing/stats-fixtures.ts';

const item = (liftId: number, name: string, value: StatsDetailItem['value'], unit: StatsDetailItem['unit']) =>
  ({
    liftId,
    name,
    address: `Dorpsstraat ${liftId}`,
    buildingName: `Gebouw ${liftId}`,
    value,
    unit,
  }) satisfies StatsDetailItem;

const detailsResponse = (items: StatsDetailItem[]) => ({
  body: { data: { items, pagination: { limit: 1000, offset: 0 }, total: items.length } },
});

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('stats details', () => {
  it('lists the lifts of an availability bucket over the selected period, sortable, each linking to its lift', async () => {
    storePeriod({ unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' });
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats/details': detailsResponse([
        item(7, 'Lift Zuid', 97.5, 'percentage'),
        item(3, 'Lift Noord', 95.129, 'percentage'),
      ]),
    });
    renderApp('/stats-details/liftAvailability/0/0.98');

    expect(await screen.findByRole('heading', { name: 'Beschikbaarheid liften · < 98 %' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Liften bij deze statistiek' });
    expect(within(table).getByRole('link', { name: 'Lift Noord' })).toHaveAttribute('href', '/lifts/3');
    expect(within(table).getByText('95,12 %')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /liftwacht/stats/details')[0]?.url.searchParams ?? [])).toMatchObject({
      type: 'liftAvailability',
      organisationId: '1',
      lower: '0',
      upper: '0.98',
      from: '2026-10-01',
      to: '2026-10-31',
    });

    expect(rowNames(table)).toEqual(['Lift Zuid', 'Lift Noord']);
    await userEvent.click(within(table).getByRole('button', { name: 'Lift' }));
    expect(rowNames(table)).toEqual(['Lift Noord', 'Lift Zuid']);
    await userEvent.click(within(table).getByRole('button', { name: 'Lift' }));
    expect(rowNames(table)).toEqual(['Lift Zuid', 'Lift Noord']);
    await userEvent.click(within(table).getByRole('button', { name: 'Beschikbaarheid' }));
    expect(rowNames(table)).toEqual(['Lift Noord', 'Lift Zuid']);

    await userEvent.click(within(table).getByRole('link', { name: 'Lift Zuid' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/lifts/7'));
  });

  it('sends an open upper bound as none', async () => {
    storePeriod({ unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' });
    const api = dashboardSession('admin', { 'GET /liftwacht/stats/details': detailsResponse([]) });
    renderApp('/stats-details/intercomAvailability/0.99/null');
    expect(await screen.findByText('Geen liften gevonden')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Beschikbaarheid intercom · ≥ 99 %' })).toBeInTheDocument();
    const query = api.callsTo('GET /liftwacht/stats/details')[0]?.url.searchParams;
    expect(query?.get('lower')).toBe('0.99');
    expect(query?.has('upper')).toBe(false);
  });

  it('lists current conditions without a period', async () => {
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats/details': detailsResponse([
        item(5, 'Lift Oost', 14_250, 'rides'),
        // never maintained within its interval: the days since it ran out
        item(6, 'Lift West', 40, 'days'),
      ]),
    });
    renderApp('/stats-details/servicecounterMaintenanceAlert');
    expect(await screen.findByRole('heading', { name: 'Onderhoud onvoldoende' })).toBeInTheDocument();
    expect(screen.getByText('Actuele situatie')).toBeInTheDocument();
    expect(
      await screen.findByRole('columnheader', { name: 'Ritten sinds onderhoud of dagen te laat' }),
    ).toBeInTheDocument();
    expect(screen.getByText('14.250')).toBeInTheDocument();
    expect(screen.getByText('40 dagen')).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/stats/details')[0]?.url.searchParams.has('from')).toBe(false);
  });

  it('filters the sense-not-connected list and keeps the filter text in the session', async () => {
    dashboardSession('admin', {
      'GET /liftwacht/stats/details': detailsResponse([
        item(1, 'Lift A Hoofdentree', '2026-11-21T10:00:00Z', 'timestamp'),
        item(2, 'Goederenlift', '2026-11-21T11:00:00Z', 'timestamp'),
      ]),
    });
    renderApp('/stats-details/senseNotConnected');
    const filter = await screen.findByLabelText('Filter op lift, adres of gebouw');
    await userEvent.type(filter, 'hoofd');
    const table = screen.getByRole('table');
    expect(rowNames(table)).toEqual(['Lift A Hoofdentree']);
    expect(screen.getByText('1 lift')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.senseNotConnectedFilter)).toBe('hoofd');
  });

  it('says so for an unknown statistic', async () => {
    dashboardSession('admin', {});
    renderApp('/stats-details/nonsense');
    expect(await screen.findByText('Deze statistiek bestaat niet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
