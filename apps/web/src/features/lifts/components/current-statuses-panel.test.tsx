// The lift page's "current statuses" panel agrees with the state (issue 41): the out-of-service
// state in the glossary's words, no "nothing to report" that reads as good news when a role sees
// only some statuses or no module reports the service state.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiftStatusItem } from '@liftwacht/contracts/lifts';
import { renderApp } from '../../../test/render.tsx';
import { detailedLift, liftsSession } from '../testing/lift-api.ts';

const statusesAnswer = (statuses: LiftStatusItem[]) => ({
  'GET /liftwacht/lift/7/statuses': { body: { data: { liftId: 7, at: '2026-11-21T10:00:00Z', statuses } } },
});
const off = (status: LiftStatusItem['status']): LiftStatusItem => ({ status, active: false, since: null, value: null });
const panel = () => screen.findByRole('region', { name: 'Actuele statussen' }, { timeout: 15_000 });

describe('the current statuses panel', () => {
  it('shows the out-of-service state with since when', async () => {
    liftsSession(
      'admin',
      statusesAnswer([
        { status: 'liftUnavailable', active: true, since: '2026-11-21T08:30:00Z', value: null },
        off('intercomUnavailable'),
      ]),
    );
    renderApp('/lifts/7');
    const statuses = await panel();
    expect(await within(statuses).findByText('Buiten gebruik')).toBeInTheDocument();
    expect(within(statuses).getByText(/^sinds 21-11-2026/)).toBeInTheDocument();
    expect(within(statuses).queryByText(/Geen van deze statussen/)).not.toBeInTheDocument();
  });

  it('names what it checked when nothing holds, so seeing two statuses never reads as all is well', async () => {
    liftsSession('admin', statusesAnswer([off('intercomUnavailable'), off('senseNotConnected')]));
    renderApp('/lifts/7');
    const statuses = await panel();
    expect(
      await within(statuses).findByText(
        'Geen van deze statussen is nu actief: Intercom niet beschikbaar, Sense-module niet verbonden.',
      ),
    ).toBeInTheDocument();
  });

  it('says the service state is unknown for a lift without a module', async () => {
    liftsSession('admin', {
      'GET /liftwacht/lift/7': { body: { data: { ...detailedLift, module: null } } },
      ...statusesAnswer([off('liftUnavailable'), off('approvalExpired')]),
    });
    renderApp('/lifts/7');
    const statuses = await panel();
    expect(
      await within(statuses).findByText(
        'Of de lift in gebruik is, is onbekend: er is geen module gekoppeld die het meldt.',
      ),
    ).toBeInTheDocument();
  });
});
