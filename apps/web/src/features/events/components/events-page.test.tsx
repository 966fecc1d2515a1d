import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LiftEvent } from '@liftwacht/contracts/events';
import { storageKeys } from '../../../lib/storage.ts';
import { renderApp } from '../../../test/render.tsx';
import { organisations, userWithRole } from '../../../test/fixtures.ts';
import { mockApi, type RecordedRequest } from '../../../test/mock-api.ts';
import { reloadSessionFromStorage } from '../../../lib/session/session-store.ts';

const batteryEvent: LiftEvent = {
  id: 7,
  type: 'battery',
  lift: { id: 3, name: 'Lift Kerkstraat', address: 'Kerkstraat 1, Utrecht' },
  floor: 2,
  startedAt: '2026-03-02T08:00:00+01:00',
  endedAt: null,
  durationSeconds: 3723,
  closed: false,
};

const unavailableEvent: LiftEvent = { ...batteryEvent, id: 8, type: 'unavailable', closed: true };

function eventsAnswer({ url }: RecordedRequest) {
  const types = url.searchParams.get('types')?.split(',');
  const items = [batteryEvent, unavailableEvent].filter((event) => !types || types.includes(event.type));
  return { body: { data: { items, pagination: { limit: 25, offset: 0 }, total: items.length } } };
}

function signIn(role: 'admin' | 'client-light' = 'admin') {
  // As test/session.ts's storedSession, with a handler that answers per query string.
  localStorage.setItem(storageKeys.organisationId, '1');
  localStorage.setItem(storageKeys.userToken, 'test-token');
  reloadSessionFromStorage();
  return mockApi({
    'GET /liftwacht/user': { body: { data: userWithRole(role) } },
    'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
    'GET /liftwacht/organisation': {
      body: { data: { items: organisations, pagination: { limit: 1000, offset: 0 }, total: organisations.length } },
    },
    'GET /liftwacht/events': eventsAnswer,
    'GET /liftwacht/events/export': {
      body: 'Type;Lift',
      headers: { 'Content-Disposition': 'attachment; filename="gebeurtenissen-2026-03-10.xlsx"' },
    },
    'GET /liftwacht/lift': { body: { data: { items: [], pagination: { limit: 20, offset: 0 }, total: 0 } } },
  });
}

describe('EventsPage', () => {
  it('lists events with translated types and links to the detail page', async () => {
    signIn();
    renderApp('/events');
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(within(table).getByRole('link', { name: 'Accu alarmtelefoon zwak' })).toHaveAttribute('href', '/events/7');
    expect(within(table).getAllByText('1 u 02 min')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Filters (0 actief)' })).toBeInTheDocument();
  });

  it('counts the active filters on the button, filters the list and remembers the choice', async () => {
    const api = signIn();
    const user = userEvent.setup();
    renderApp('/events');
    await screen.findByRole('link', { name: 'Lift buiten gebruik' });

    await user.click(screen.getByRole('button', { name: 'Filters (0 actief)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Events filteren' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Typen' }));
    await user.click(await screen.findByRole('option', { name: 'Accu alarmtelefoon zwak' }));
    await user.click(within(dialog).getByRole('button', { name: 'Toepassen' }));

    expect(await screen.findByRole('button', { name: 'Filters (1 actief)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lift buiten gebruik' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Accu alarmtelefoon zwak' })).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/events').at(-1)?.url.searchParams.get('types')).toBe('battery');
    expect(JSON.parse(localStorage.getItem(storageKeys.eventFilters) ?? '{}')).toMatchObject({ types: ['battery'] });
  });

  it('shows the empty state', async () => {
    localStorage.setItem(
      storageKeys.eventFilters,
      JSON.stringify({
        types: ['visit'],
        lifts: [],
        from: null,
        to: null,
        onlyUnavailability: false,
        showClosed: true,
      }),
    );
    signIn();
    renderApp('/events');
    expect(await screen.findByText('Geen events')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Gesloten events tonen' })).toBeChecked();
  });

  it('shows no events to a client-light user and does not ask for them', async () => {
    const api = signIn('client-light');
    renderApp('/events');
    expect(await screen.findByText('U heeft geen toegang tot events.')).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/events')).toHaveLength(0);
  });

  it('refuses a period the server would refuse, with a translated message, and does not ask for it', async () => {
    const api = signIn();
    const user = userEvent.setup();
    renderApp('/events');
    await screen.findByRole('link', { name: 'Lift buiten gebruik' });
    await user.click(screen.getByRole('button', { name: 'Filters (0 actief)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Events filteren' });
    const from = within(dialog).getByLabelText('Van');
    const to = within(dialog).getByLabelText('Tot en met');
    const apply = within(dialog).getByRole('button', { name: 'Toepassen' });

    fireEvent.change(from, { target: { value: '1850-01-01' } });
    expect(within(dialog).getByText('Kies datums tussen 1900 en 2199')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(apply).toBeDisabled();

    fireEvent.change(from, { target: { value: '2010-01-01' } });
    fireEvent.change(to, { target: { value: '2020-12-31' } });
    expect(within(dialog).getByText('De periode mag hoogstens 10 jaar lang zijn')).toBeInTheDocument();
    expect(apply).toBeDisabled();

    fireEvent.change(from, { target: { value: '2011-01-01' } });
    expect(within(dialog).queryByText('De periode mag hoogstens 10 jaar lang zijn')).not.toBeInTheDocument();
    await user.click(apply);
    await waitFor(() =>
      expect(api.callsTo('GET /liftwacht/events').at(-1)?.url.searchParams.get('from')).toBe('2011-01-01'),
    );
    const sentFrom = api.callsTo('GET /liftwacht/events').map((call) => call.url.searchParams.get('from'));
    expect(sentFrom).not.toContain('1850-01-01');
    expect(sentFrom).not.toContain('2010-01-01');
  });

  it('falls back to no filters when the stored ones would be refused', async () => {
    localStorage.setItem(
      storageKeys.eventFilters,
      JSON.stringify({
        types: ['visit'],
        lifts: [],
        from: '1850-01-01',
        to: '2026-01-01',
        onlyUnavailability: false,
        showClosed: true,
      }),
    );
    const api = signIn();
    renderApp('/events');
    expect(await screen.findByRole('link', { name: 'Accu alarmtelefoon zwak' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (0 actief)' })).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/events').every((call) => !call.url.searchParams.has('from'))).toBe(true);
  });

  it('exports what the list shows: its filters and order, every page, in the user’s language', async () => {
    // jsdom has no object URLs; the file itself is the server's business.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const api = signIn();
    const user = userEvent.setup();
    renderApp('/events');
    await screen.findByRole('link', { name: 'Accu alarmtelefoon zwak' });
    await user.click(screen.getByRole('switch', { name: 'Gesloten events tonen' }));
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(await screen.findByText('gebeurtenissen-2026-03-10.xlsx is gedownload.')).toBeInTheDocument();
    const url = api.callsTo('GET /liftwacht/events/export')[0]?.url;
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      organisationId: '1',
      showClosed: 'true',
      onlyUnavailability: 'false',
      sort: 'startedAt',
      order: 'desc',
      format: 'xlsx',
      language: 'nl',
    });
  });
});
