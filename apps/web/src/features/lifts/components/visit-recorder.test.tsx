import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Visit } from '@liftwacht/contracts/visits';
import type { RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession } from '../testing/lift-api.ts';

const openVisit: Visit = {
  id: 9,
  liftId: 7,
  type: 'repair',
  role: 'mechanic',
  state: 'progress',
  startedAt: '2026-11-20T08:00:00Z',
  endedAt: null,
  durationSeconds: 600,
  person: 'Piet Monteur',
  remarks: null,
};
const page = (items: Visit[]) => ({
  body: { data: { items, pagination: { limit: 20, offset: 0 }, total: items.length } },
});
const answer = (visit: Partial<Visit>) => ({ status: 200, body: { data: { ...openVisit, ...visit } } });

describe('recording a visit on the lift page', () => {
  it('starts a visit with type and role, keeps a failed start on screen and retries with the same key', async () => {
    let attempt = 0;
    const api = liftsSession('monteur', {
      'GET /liftwacht/lift/7/visits': page([]),
      'POST /liftwacht/lift/7/visits': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Even geduld' } } }
          : answer({ type: 'maintenance' });
      },
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Bezoek starten' }, { timeout: 15_000 }));
    const form = screen.getByRole('form', { name: 'Een bezoek starten' });
    await user.selectOptions(within(form).getByLabelText('Rol'), 'inspector');
    await user.click(within(form).getByRole('button', { name: 'Starten' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Niet opgeslagen');
    await user.click(within(form).getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Een bezoek starten' })).not.toBeInTheDocument());

    const posts = api.callsTo('POST /liftwacht/lift/7/visits');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual({ type: 'maintenance', role: 'inspector' });
    const keys = posts.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('finishes the visit in progress with remarks, or cancels it', async () => {
    const api = liftsSession('monteur', {
      'GET /liftwacht/lift/7/visits': page([openVisit]),
      'POST /liftwacht/visits/9/end': answer({ state: 'finished' }),
      'POST /liftwacht/visits/9/cancel': answer({ state: 'canceled' }),
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    const card = await screen.findByRole('form', { name: 'Reparatie bezig' }, { timeout: 15_000 });
    expect(within(card).getByText(/Piet Monteur/)).toBeInTheDocument();
    // Only the action that applies: no second start while this visit is open.
    expect(screen.queryByRole('button', { name: 'Bezoek starten' })).not.toBeInTheDocument();
    await user.type(within(card).getByLabelText('Opmerkingen'), 'Deurcontact vervangen');
    await user.click(within(card).getByRole('button', { name: 'Afronden' }));
    await waitFor(() => expect(api.callsTo('POST /liftwacht/visits/9/end')).toHaveLength(1));
    const [end] = api.callsTo('POST /liftwacht/visits/9/end') as [RecordedRequest];
    expect(end.body).toEqual({ remarks: 'Deurcontact vervangen' });
    expect(end.headers.get('Idempotency-Key')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(api.callsTo('POST /liftwacht/visits/9/cancel')).toHaveLength(1));
  });

  it('is not offered to client-light', async () => {
    liftsSession('client-light');
    renderApp('/lifts/7');
    expect((await screen.findAllByText('Lift Domplein', {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Bezoek starten' })).not.toBeInTheDocument();
  });
});
