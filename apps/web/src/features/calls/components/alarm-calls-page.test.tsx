import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reloadSessionFromStorage } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { organisations, userWithRole } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';

const noCalls = {
  data: {
    items: [],
    pagination: { limit: 25, offset: 0 },
    total: 0,
    totals: { entrapment: 0, false_alarm: 0, test: 0, other: 0 },
  },
};

function signIn() {
  localStorage.setItem(storageKeys.organisationId, '1');
  localStorage.setItem(storageKeys.userToken, 'test-token');
  localStorage.setItem(storageKeys.startDate, '2026-01-01');
  localStorage.setItem(storageKeys.endDate, '2026-01-31');
  reloadSessionFromStorage();
  return mockApi({
    'GET /liftwacht/user': { body: { data: userWithRole('admin') } },
    'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
    'GET /liftwacht/organisation': {
      body: { data: { items: organisations, pagination: { limit: 1000, offset: 0 }, total: organisations.length } },
    },
    'GET /liftwacht/calls': { body: noCalls },
    'GET /liftwacht/calls/export': {
      body: 'Lift;Adres',
      headers: { 'Content-Disposition': 'attachment; filename="oproepen-2026-03-10.csv"' },
    },
    'GET /liftwacht/lift': { body: { data: { items: [], pagination: { limit: 20, offset: 0 }, total: 0 } } },
  });
}

describe('AlarmCallsPage', () => {
  it('says when the period is outside 1900–2199 or over ten years, and does not ask for it', async () => {
    const api = signIn();
    renderApp('/alarm-calls');
    expect(await screen.findByText('Geen oproepen in deze periode')).toBeInTheDocument();
    const from = screen.getByLabelText('Van');
    const to = screen.getByLabelText('Tot en met');
    const sentFroms = () => api.callsTo('GET /liftwacht/calls').map((call) => call.url.searchParams.get('from'));

    fireEvent.change(from, { target: { value: '1850-01-01' } });
    expect(await screen.findByText('Kies datums tussen 1900 en 2199')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(from, { target: { value: '2010-01-01' } });
    fireEvent.change(to, { target: { value: '2020-12-31' } });
    expect(await screen.findByText('De periode mag hoogstens 10 jaar lang zijn')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(to, { target: { value: '2009-12-31' } });
    expect(await screen.findByText('De einddatum ligt voor de begindatum')).toBeInTheDocument();

    // Nothing was asked for any of these; a period the server takes is.
    fireEvent.change(to, { target: { value: '2019-12-31' } });
    await waitFor(() => expect(sentFroms().at(-1)).toBe('2010-01-01'));
    expect(api.callsTo('GET /liftwacht/calls').at(-1)?.url.searchParams.get('to')).toBe('2019-12-31');
    expect(sentFroms()).not.toContain('1850-01-01');
    expect(api.callsTo('GET /liftwacht/calls').map((call) => call.url.searchParams.get('to'))).not.toContain(
      '2020-12-31',
    );
  });

  it('tells it in English too', async () => {
    signIn();
    renderApp('/alarm-calls');
    await screen.findByText('Geen oproepen in deze periode');
    await act(async () => {
      await userEvent.selectOptions(screen.getByLabelText('Taal'), 'English (UK)');
    });
    const from = await screen.findByLabelText('From');
    fireEvent.change(from, { target: { value: '1850-01-01' } });
    expect(await screen.findByText('Choose dates between 1900 and 2199')).toBeInTheDocument();
  });

  it('exports the period, kinds and order it lists, in the user’s language', async () => {
    // jsdom has no object URLs; the file itself is the server's business.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const api = signIn();
    const user = userEvent.setup();
    renderApp('/alarm-calls');
    await screen.findByText('Geen oproepen in deze periode');
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('oproepen-2026-03-10.csv is gedownload.')).toBeInTheDocument();
    const url = api.callsTo('GET /liftwacht/calls/export')[0]?.url;
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      organisationId: '1',
      from: '2026-01-01',
      to: '2026-01-31',
      sort: 'startedAt',
      order: 'desc',
      format: 'csv',
      language: 'nl',
    });
  });
});
