import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallDetail } from '@liftwacht/contracts/call-actions';
import { reloadSessionFromStorage } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { organisations, userWithRole } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { nowAsLocalInput } from '../lib/local-date-time-input.ts';

const receivedStep: CallDetail['steps'][number] = {
  id: 1,
  at: '2026-03-10T08:57:00.000Z',
  action: 'received',
  source: 'module',
  user: null,
  text: null,
  kind: null,
  assignee: null,
  freedAt: null,
};

const received: CallDetail = {
  id: 41,
  lift: { id: 7, name: 'Lift Noord', address: 'Noordweg 1, Utrecht' },
  startedAt: '2026-03-10T08:57:00.000Z',
  acknowledgedAt: null,
  endedAt: null,
  durationSeconds: 180,
  kind: 'entrapment',
  status: 'received',
  testResult: null,
  handledBy: null,
  notes: null,
  version: 1,
  acknowledgedBy: null,
  passengerFreedAt: null,
  assignee: null,
  organisationId: 1,
  runningSeconds: 180,
  steps: [receivedStep],
};

const acknowledgedBy = (person: string): CallDetail => ({
  ...received,
  acknowledgedAt: '2026-03-10T09:00:00.000Z',
  acknowledgedBy: person,
  status: 'acknowledged',
  version: 2,
  steps: [
    ...received.steps,
    {
      ...receivedStep,
      id: 2,
      at: '2026-03-10T09:00:00.000Z',
      action: 'acknowledged',
      source: 'portal',
      user: person,
    },
  ],
});

type Answer = () => { status: number; body: unknown };

function signIn(role: 'user' | 'client-light', acknowledge: Answer, more: Record<string, Answer> = {}) {
  localStorage.setItem(storageKeys.organisationId, '1');
  localStorage.setItem(storageKeys.userToken, 'test-token');
  reloadSessionFromStorage();
  return mockApi({
    'GET /liftwacht/user': { body: { data: userWithRole(role) } },
    'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
    'GET /liftwacht/organisation': {
      body: { data: { items: organisations, pagination: { limit: 1000, offset: 0 }, total: organisations.length } },
    },
    'GET /liftwacht/calls/current': {
      body: {
        data: { items: [{ ...received, steps: undefined }], pagination: { limit: 1000, offset: 0 }, total: 1 },
      },
    },
    'GET /liftwacht/calls/41': { body: { data: received } },
    'GET /liftwacht/calls/41/assignees': {
      body: { data: { users: [{ id: 5, name: 'Piet Monteur', organisation: 'Liftservice' }], organisations: [] } },
    },
    'POST /liftwacht/calls/41/acknowledge': acknowledge,
    ...more,
  });
}

describe('handling a call', () => {
  it('acknowledges with the version it shows and an Idempotency-Key, then shows who did it', async () => {
    const api = signIn('user', () => ({ status: 200, body: { data: acknowledgedBy('Test user') } }));
    renderApp('/current-calls');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Oproep Lift Noord, Noordweg 1, Utrecht afhandelen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Oproep Lift Noord' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await within(dialog).findByText(/door Test user/)).toBeInTheDocument();
    const [sent] = api.callsTo('POST /liftwacht/calls/41/acknowledge');
    expect(sent?.body).toEqual({ version: 1 });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(dialog).getByRole('list', { name: 'Verloop' })).toHaveTextContent('Module of meldkamer');
  });

  it('shows the fresh call and says someone was first when the server answers 409', async () => {
    signIn('user', () => ({
      status: 409,
      body: {
        error: { code: 'conflict', message: 'This call was already acknowledged', field: 'status' },
        current: acknowledgedBy('Anna Meldkamer'),
      },
    }));
    renderApp('/current-calls?call=41');
    const dialog = await screen.findByRole('dialog', { name: 'Oproep Lift Noord' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Iemand anders was u voor');
    expect(within(dialog).getByText(/door Anna Meldkamer/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Bevestigen' })).not.toBeInTheDocument());
  });

  it('keeps a failed attempt on screen with a retry that reuses its key', async () => {
    let attempt = 0;
    const api = signIn('user', () => {
      attempt += 1;
      return attempt === 1
        ? { status: 503, body: { error: { code: 'service_unavailable', message: 'busy' } } }
        : { status: 200, body: { data: acknowledgedBy('Test user') } };
    });
    renderApp('/current-calls?call=41');
    const dialog = await screen.findByRole('dialog', { name: 'Oproep Lift Noord' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Opnieuw: Bevestigen' }));
    expect(await within(dialog).findByText(/door Test user/)).toBeInTheDocument();
    const keys = api.callsTo('POST /liftwacht/calls/41/acknowledge').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('records the passenger freed only after the acknowledgement, at the moment of pressing by default', async () => {
    const api = signIn('user', () => ({ status: 200, body: { data: acknowledgedBy('Test user') } }), {
      'POST /liftwacht/calls/41/passenger-freed': () => ({
        status: 200,
        body: { data: { ...acknowledgedBy('Test user'), passengerFreedAt: '2026-03-10T09:05:00.000Z', version: 3 } },
      }),
    });
    renderApp('/current-calls?call=41');
    const dialog = await screen.findByRole('dialog', { name: 'Oproep Lift Noord' });
    expect(within(dialog).getByText(/Bevestig de oproep eerst/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Passagier bevrijd' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    const field = await within(dialog).findByLabelText('Passagier bevrijd om');
    expect(within(dialog).getByText('Nu, tenzij u een ander tijdstip kiest')).toBeInTheDocument();
    // The earliest time the field offers is the acknowledgement's minute.
    expect(field).toHaveAttribute('min', nowAsLocalInput(new Date('2026-03-10T09:00:00.000Z')));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Passagier bevrijd' }));
    await waitFor(() => expect(api.callsTo('POST /liftwacht/calls/41/passenger-freed')).toHaveLength(1));
    // No time: the server's now, never a minute from when the dialog opened.
    expect(api.callsTo('POST /liftwacht/calls/41/passenger-freed')[0]?.body).toEqual({ version: 2 });
  });

  it('refuses a freed time before the acknowledgement without asking the server', async () => {
    signIn('user', () => ({ status: 200, body: { data: acknowledgedBy('Test user') } }), {
      'GET /liftwacht/calls/41': () => ({ status: 200, body: { data: acknowledgedBy('Test user') } }),
    });
    renderApp('/current-calls?call=41');
    const dialog = await screen.findByRole('dialog', { name: 'Oproep Lift Noord' });
    const field = await within(dialog).findByLabelText('Passagier bevrijd om');
    fireEvent.change(field, { target: { value: nowAsLocalInput(new Date('2026-03-10T08:58:00.000Z')) } });
    expect(await within(dialog).findByText('Niet vóór de bevestiging van de oproep')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Passagier bevrijd' })).toBeDisabled();
  });

  it('shows a read-only role the lifecycle without actions', async () => {
    signIn('client-light', () => ({ status: 500, body: {} }));
    renderApp('/current-calls?call=41');
    // client-light has no current calls (spec §6): the page says so and opens nothing.
    expect(await screen.findByText('U heeft geen toegang tot deze oproepen.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
