import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addMonthsToDay } from '@liftwacht/contracts/inspections';
import { userWithRole } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession } from '../../lifts/testing/lift-api.ts';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const recorded = {
  body: {
    data: {
      id: 11,
      liftId: 7,
      inspectedOn: today,
      kind: 'periodic_inspection',
      result: 'rejected',
      findings: 'Noodstop defect',
      validUntil: null,
      body: null,
      certificate: { fileName: 'certificaat.pdf', bytes: 9 },
    },
  },
  status: 201,
};

describe('recording an inspection on the lift page', () => {
  it('pre-fills valid until by the 18-month rule, needs findings for a rejection, and sends the certificate', async () => {
    const api = liftsSession('admin', { 'POST /liftwacht/lift/7/inspections': recorded });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Keuring vastleggen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Keuring vastleggen' });
    expect(within(dialog).getByLabelText('Geldig tot')).toHaveValue(addMonthsToDay(today, 18));

    await user.click(within(dialog).getByRole('combobox', { name: 'Resultaat' }));
    await user.click(await screen.findByRole('option', { name: 'Afgekeurd' }));
    expect(within(dialog).getByLabelText('Geldig tot')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(await within(dialog).findByText('Beschrijf de bevindingen van de afkeuring')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/lift/7/inspections')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Bevindingen/), 'Noodstop defect');
    const pdf = new File(['%PDF-1.4\n'], 'certificaat.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Certificaat (PDF, max. 10 MB)'), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const form = api.callsTo('POST /liftwacht/lift/7/inspections')[0]?.body as FormData;
    expect(form.get('result')).toBe('rejected');
    expect(form.get('findings')).toBe('Noodstop defect');
    expect(form.get('validUntil')).toBe('');
    expect((form.get('certificate') as File).name).toBe('certificaat.pdf');
    expect(api.callsTo('POST /liftwacht/lift/7/inspections')[0]?.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
  });

  it('keeps a failed recording on screen and retries it with the same Idempotency-Key', async () => {
    let attempt = 0;
    const api = liftsSession('admin', {
      'POST /liftwacht/lift/7/inspections': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Even geduld' } } }
          : recorded;
      },
    });
    const user = userEvent.setup();
    renderApp('/lifts/7');
    await user.click(await screen.findByRole('button', { name: 'Keuring vastleggen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Keuring vastleggen' });
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(await within(dialog).findByText('Even geduld')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = api.callsTo('POST /liftwacht/lift/7/inspections').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("offers the form to a user of an inspection company (the table's organisation-type rule)", async () => {
    liftsSession('user', {
      'GET /liftwacht/user': { body: { data: userWithRole('user', { organisation_type: 'inspection' }) } },
    });
    renderApp('/lifts/7');
    expect(await screen.findByRole('button', { name: 'Keuring vastleggen' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('offers no form to a role without inspections.record', async () => {
    liftsSession('user');
    renderApp('/lifts/7');
    expect(await screen.findByRole('heading', { name: 'Keuringen' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keuring vastleggen' })).not.toBeInTheDocument();
  });
});
