import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Lift } from '@liftwacht/contracts/lifts';
import type { RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { amsterdamToday } from '../lib/amsterdam-date.ts';
import { detailedLift, liftsSession } from '../testing/lift-api.ts';

const answerWith =
  (changes: Partial<Lift>) =>
  ({ body }: RecordedRequest) => ({
    body: { data: { ...detailedLift, ...(body as Partial<Lift>), ...changes } },
  });

describe('decommissioning a lift', () => {
  it('decommissions the lift from today unless another day is chosen, and shows it', async () => {
    const api = liftsSession('admin', { 'PATCH /liftwacht/admin/lifts/7': answerWith({ version: 2 }) });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Uit dienst nemen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift Domplein uit dienst nemen' });
    const date = within(dialog).getByLabelText(/Uit dienst vanaf/);
    expect(date).toHaveValue(amsterdamToday(new Date()));
    await user.clear(date);
    await user.type(date, '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Uit dienst nemen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /liftwacht/admin/lifts/7')[0]?.body).toEqual({
      decommissionedOn: '2026-12-01',
      version: 1,
    });
    expect(await screen.findByText('Uit dienst sinds 1 dec 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weer in dienst nemen' })).toBeInTheDocument();
  });

  it('returns a decommissioned lift to service', async () => {
    const decommissioned: Lift = { ...detailedLift, decommissionedOn: '2026-01-15', version: 4 };
    const api = liftsSession('admin', {
      'GET /liftwacht/lift/7': { body: { data: decommissioned } },
      'PATCH /liftwacht/admin/lifts/7': answerWith({ version: 5 }),
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    expect(await screen.findByText('Uit dienst sinds 15 jan 2026', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weer in dienst nemen' }));
    await waitFor(() => expect(screen.queryByText(/Uit dienst sinds/)).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /liftwacht/admin/lifts/7')[0]?.body).toEqual({ decommissionedOn: null, version: 4 });
  });

  it('explains a conflict and retries from the current version', async () => {
    const current: Lift = { ...detailedLift, version: 3 };
    let attempt = 0;
    const api = liftsSession('admin', {
      'PATCH /liftwacht/admin/lifts/7': (request: RecordedRequest) => {
        attempt += 1;
        if (attempt === 1) return { status: 409, body: { error: { code: 'conflict', message: 'stale' }, current } };
        return answerWith({ version: 4 })(request);
      },
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Uit dienst nemen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Uit dienst nemen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Iemand anders heeft deze lift/);
    await user.click(within(dialog).getByRole('button', { name: 'Uit dienst nemen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /liftwacht/admin/lifts/7').map((call) => (call.body as Lift).version)).toEqual([1, 3]);
  });

  it('refuses a day before the lift was commissioned under the date', async () => {
    liftsSession('admin', {
      'PATCH /liftwacht/admin/lifts/7': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'decommissionedOn: must not be before commissionedOn',
            field: 'decommissionedOn',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Uit dienst nemen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText(/Uit dienst vanaf/);
    await user.clear(date);
    await user.type(date, '2010-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Uit dienst nemen' }));
    expect(
      await within(dialog).findByText('De lift is in gebruik genomen op 1 mrt 2015: kies die dag of later.'),
    ).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks a decommissioned lift in the lifts list', async () => {
    const decommissioned: Lift = { ...detailedLift, decommissionedOn: '2026-01-15' };
    liftsSession('admin', {
      'GET /liftwacht/lift': {
        body: { data: { items: [decommissioned], pagination: { limit: 25, offset: 0 }, total: 1 } },
      },
    });
    renderApp('/lifts');
    const table = await screen.findByRole('table', { name: 'Liften' }, { timeout: 15_000 });
    expect(within(table).getByText('Uit dienst sinds 15 jan 2026')).toBeInTheDocument();
  });
});
