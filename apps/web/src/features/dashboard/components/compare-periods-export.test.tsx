import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { dashboardSession, periodStats } from '../testing/stats-fixtures.ts';
import type { RecordedRequest } from '../../../test/mock-api.ts';

describe('compare periods export', () => {
  it('exports the chosen periods, the first next to the other, in the user’s language', async () => {
    // jsdom has no object URLs; the file itself is the server's business.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats': ({ url }: RecordedRequest) => ({
        body: {
          data: { ...periodStats(), from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
        },
      }),
      'GET /liftwacht/stats/compare/export': {
        body: 'Gegeven;Eenheid',
        headers: { 'Content-Disposition': 'attachment; filename="periodes-vergelijken-2026-11-25.csv"' },
      },
    });
    const user = userEvent.setup();
    renderApp('/compare-periods?unit=custom&period=2026-03-02/2026-03-15&compareWith=2025-03-03/2025-03-16');
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('periodes-vergelijken-2026-11-25.csv is gedownload.')).toBeInTheDocument();

    const query = Object.fromEntries(api.callsTo('GET /liftwacht/stats/compare/export')[0]?.url.searchParams ?? []);
    // The same periods the tables fetched from /stats, in the tables' order.
    const shown = api
      .callsTo('GET /liftwacht/stats')
      .map((call) => `${call.url.searchParams.get('from') ?? ''}/${call.url.searchParams.get('to') ?? ''}`);
    expect(query.periods).toBe('2026-03-02/2026-03-15,2025-03-03/2025-03-16');
    expect(new Set(shown)).toEqual(new Set(['2026-03-02/2026-03-15', '2025-03-03/2025-03-16']));
    expect(query).toMatchObject({
      organisationId: '1',
      startHour: '7',
      endHour: '19',
      format: 'csv',
      language: 'nl',
    });
  });
});
