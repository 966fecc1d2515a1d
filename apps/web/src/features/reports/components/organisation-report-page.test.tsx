import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SavedReport } from '@liftwacht/contracts/reports';
import { renderApp } from '../../../test/render.tsx';
import type { MockResponse } from '../../../test/mock-api.ts';
import { storePeriod } from '../../dashboard/testing/choose-period-view.ts';
import { dashboardSession } from '../../dashboard/testing/stats-fixtures.ts';

const february = { unit: 'month', offset: -1, from: '2026-02-01', to: '2026-02-28' } as const;

const kept: SavedReport = {
  id: 7,
  organisationId: 1,
  organisationName: 'Liftwacht Vastgoed',
  from: '2026-02-01',
  to: '2026-02-28',
  language: 'en',
  size: 204_800,
  createdAt: '2026-03-10T09:00:00.000Z',
};

const list = (items: SavedReport[]) => ({ body: { data: { items } } });

describe('organisation report page', () => {
  it('builds a report in the chosen language with progress, previews it and lists it', async () => {
    storePeriod(february);
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    let finish: (response: MockResponse) => void = () => undefined;
    let stored: SavedReport[] = [];
    const api = dashboardSession('admin', {
      'GET /liftwacht/reports': () => list(stored),
      'POST /liftwacht/reports': () =>
        new Promise<MockResponse>((resolve) => {
          finish = resolve;
        }),
      'GET /liftwacht/reports/7/pdf': { body: '%PDF-1.7' },
      'GET /liftwacht/report-deliveries': {
        body: {
          data: {
            items: [
              {
                id: 3,
                userName: 'Demo user',
                organisationName: 'Liftwacht Vastgoed',
                cadence: 'monthly',
                from: '2026-01-01',
                to: '2026-01-31',
                state: 'failed',
                attempts: 2,
                lastError: 'connect ECONNREFUSED',
                createdAt: '2026-02-02T06:00:00.000Z',
              },
            ],
          },
        },
      },
    });
    renderApp('/organisation-report');

    expect(await screen.findByText('U heeft nog geen rapporten gemaakt.')).toBeInTheDocument();
    expect(screen.getByTestId('report-period')).toHaveTextContent('Periode: 1 februari 2026 t/m 28 februari 2026');
    await userEvent.selectOptions(screen.getByLabelText('Taal van het rapport'), 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Rapport maken' }));

    expect(await screen.findByRole('progressbar', { name: /Het rapport wordt gemaakt/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rapport maken' })).toBeDisabled();
    expect(api.callsTo('POST /liftwacht/reports')[0]?.body).toEqual({
      organisationId: 1,
      from: '2026-02-01',
      to: '2026-02-28',
      language: 'en',
    });

    stored = [kept];
    finish({ status: 201, body: { data: kept } });
    const frame = await screen.findByTitle('Voorbeeld van het organisatierapport van Liftwacht Vastgoed');
    expect(frame).toHaveAttribute('src', 'blob:report#page=1&view=FitH');
    expect(screen.getByTestId('report-preview-summary')).toHaveTextContent(
      'Liftwacht Vastgoed · 1 February 2026 t/m 28 February 2026 · Engels',
    );
    const table = await screen.findByRole('table', { name: 'Uw laatste rapporten' });
    expect(within(table).getByText('200 kB')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // Administrators see the scheduled report mails that have not gone out.
    const deliveries = screen.getByRole('table', { name: 'Geplande rapporten die nog niet verstuurd zijn' });
    expect(within(deliveries).getByText('Mislukt, wordt opnieuw geprobeerd')).toBeInTheDocument();
    expect(within(deliveries).getByText('connect ECONNREFUSED')).toBeInTheDocument();
  });

  it('says why the report cannot be made', async () => {
    storePeriod(february);
    dashboardSession('user', {
      'GET /liftwacht/reports': list([]),
      'POST /liftwacht/reports': {
        status: 404,
        body: { error: { code: 'not_found', message: 'Organisation not found' } },
      },
    });
    renderApp('/organisation-report');
    await userEvent.click(await screen.findByRole('button', { name: 'Rapport maken' }));
    expect(await screen.findByText(/Het rapport kon niet worden gemaakt/)).toBeInTheDocument();
    // Only administrators see the scheduled deliveries.
    expect(screen.queryByText('Geplande rapporten die nog niet verstuurd zijn')).not.toBeInTheDocument();
  });

  it('tells a client-light user the page is not theirs', async () => {
    dashboardSession('client-light', {});
    renderApp('/organisation-report');
    expect(await screen.findByText('U heeft geen toegang tot organisatierapporten.')).toBeInTheDocument();
  });

  it('fetches a kept report again from the list', async () => {
    storePeriod(february);
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:again');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const api = dashboardSession('user', {
      'GET /liftwacht/reports': list([kept]),
      'GET /liftwacht/reports/7/pdf': { body: '%PDF-1.7' },
    });
    renderApp('/organisation-report');
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Rapport van Liftwacht Vastgoed, 1 February 2026 t/m 28 February 2026 bekijken',
      }),
    );
    await waitFor(() => expect(api.callsTo('GET /liftwacht/reports/7/pdf')).toHaveLength(1));
    expect(await screen.findByTitle('Voorbeeld van het organisatierapport van Liftwacht Vastgoed')).toBeInTheDocument();
  });
});
