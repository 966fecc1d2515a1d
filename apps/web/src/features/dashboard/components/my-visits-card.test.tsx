import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { dashboardSession } from '../testing/stats-fixtures.ts';

describe("the monteur's dashboard", () => {
  it('shows its lift count and the lifts it is working on, without listing lifts', async () => {
    const api = dashboardSession('monteur', {
      'GET /liftwacht/stats/served': {
        body: {
          data: { view: 'current', liftCount: 12, organisationCount: 1, intercomUnavailable: 0, senseNotConnected: 0 },
        },
      },
      'GET /liftwacht/visits/mine': {
        body: {
          data: {
            liftCount: 12,
            openVisits: [
              {
                id: 4,
                liftId: 7,
                liftname: 'Lift Domplein',
                type: 'repair',
                startedAt: '2026-11-20T08:00:00Z',
              },
            ],
          },
        },
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText(/12 liften/, {}, { timeout: 15_000 })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Bezig met' });
    expect(within(card).getByRole('link', { name: 'Lift Domplein' })).toHaveAttribute('href', '/lifts/7');
    expect(api.callsTo('GET /liftwacht/lift')).toHaveLength(0);
  });
});
