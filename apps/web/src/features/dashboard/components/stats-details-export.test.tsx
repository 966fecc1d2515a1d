import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { storePeriod } from '../testing/choose-period-view.ts';
import { dashboardSession } from '../testing/stats-fixtures.ts';

describe('stats details export', () => {
  it('exports the figure, bucket and period the page shows, in the user’s language', async () => {
    // jsdom has no object URLs; the file itself is the server's business.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    storePeriod({ unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' });
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats/details': {
        body: { data: { items: [], pagination: { limit: 1000, offset: 0 }, total: 0 } },
      },
      'GET /liftwacht/stats/details/export': {
        body: 'Lift;Adres',
        headers: {
          'Content-Disposition': 'attachment; filename="statistiek-details-liftAvailability-2026-11-25.xlsx"',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/stats-details/liftAvailability/0/0.98');
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(
      await screen.findByText('statistiek-details-liftAvailability-2026-11-25.xlsx is gedownload.'),
    ).toBeInTheDocument();
    const url = api.callsTo('GET /liftwacht/stats/details/export')[0]?.url;
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      type: 'liftAvailability',
      organisationId: '1',
      lower: '0',
      upper: '0.98',
      from: '2026-10-01',
      to: '2026-10-31',
      startHour: '7',
      endHour: '19',
      format: 'xlsx',
      language: 'nl',
    });
  });
});
