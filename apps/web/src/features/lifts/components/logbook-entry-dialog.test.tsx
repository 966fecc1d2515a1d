import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession } from '../testing/lift-api.ts';

const answer = {
  status: 201,
  body: { data: { id: 9, liftId: 7, logType: 'repair', at: '2026-11-21T09:00:00.000Z', text: 'Deur afgesteld' } },
};

describe('the logbook on the lift page', () => {
  it('adds a line for a monteur, and refuses an empty text before sending', async () => {
    const api = liftsSession('monteur', { 'POST /liftwacht/lift/7/logbook': answer });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Regel toevoegen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Logboekregel toevoegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een omschrijving in')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Soort' }));
    await user.click(await screen.findByRole('option', { name: 'Reparatie' }));
    await user.type(within(dialog).getByLabelText(/Omschrijving/), 'Deur afgesteld');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /liftwacht/lift/7/logbook')[0]?.body).toMatchObject({
      logType: 'repair',
      text: 'Deur afgesteld',
    });
  });

  it('keeps a failed submit on screen and retries with the same Idempotency-Key; an edit gets a new one', async () => {
    let attempt = 0;
    const api = liftsSession('monteur', {
      'POST /liftwacht/lift/7/logbook': () => {
        attempt += 1;
        return attempt < 3 ? { status: 503, body: { error: { code: 'unavailable', message: 'Even geduld' } } } : answer;
      },
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Regel toevoegen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Logboekregel toevoegen' });
    await user.type(within(dialog).getByLabelText(/Omschrijving/), 'Deur afgesteld');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Even geduld')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(api.callsTo('POST /liftwacht/lift/7/logbook')).toHaveLength(2));
    await user.type(within(dialog).getByLabelText(/Omschrijving/), ' en gesmeerd');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const keys = api.callsTo('POST /liftwacht/lift/7/logbook').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    // The retry of the same attempt: the first may have been written after all.
    expect(keys[1]).toBe(keys[0]);
    // Another text is another request.
    expect(keys[2]).not.toBe(keys[0]);
  });
});
