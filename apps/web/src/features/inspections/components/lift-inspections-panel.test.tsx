import { screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addMonthsToDay } from '@liftwacht/contracts/inspections';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { liftsSession } from '../../lifts/testing/lift-api.ts';
import { LiftInspectionsPanel } from './lift-inspections-panel.tsx';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const inspectionsOf = (nextDue: string | null) => ({
  'GET /liftwacht/lift/7/inspections': {
    body: { data: { items: [], pagination: { limit: 20, offset: 0 }, total: 0, nextDue } },
  },
});

function renderPanel() {
  sessionActions.setUser(userWithRole('admin'));
  queryClient.clear();
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <LiftInspectionsPanel liftId={7} organisationId={1} />
    </QueryClientProvider>,
  );
}

describe('the lift page inspection panel', () => {
  it('says when the next inspection is due while that day is ahead', async () => {
    liftsSession('admin', inspectionsOf(addMonthsToDay(today, 2)));
    renderPanel();
    expect(await screen.findByText(/^Volgende keuring uiterlijk: /)).toBeInTheDocument();
    expect(screen.queryByText(/Keuring verlopen/)).not.toBeInTheDocument();
  });

  it('says the inspection expired once the due day has passed, never "next due" in the past', async () => {
    // A lift commissioned in 2015 and never inspected: due 12 months later.
    liftsSession('admin', inspectionsOf('2016-03-01'));
    renderPanel();
    expect(await screen.findByText('Keuring verlopen: de keuring moest uiterlijk 1 mrt 2016.')).toBeInTheDocument();
    expect(screen.queryByText(/^Volgende keuring uiterlijk/)).not.toBeInTheDocument();
  });

  it('says the inspection is unknown without a commissioning date or approval', async () => {
    liftsSession('admin', inspectionsOf(null));
    renderPanel();
    expect(await screen.findByText(/^Keuring onbekend: /)).toBeInTheDocument();
    expect(screen.queryByText(/^Volgende keuring uiterlijk/)).not.toBeInTheDocument();
  });
});
