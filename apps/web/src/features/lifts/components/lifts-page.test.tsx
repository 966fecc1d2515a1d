import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liftFixture } from '../../../test/fixtures.ts';
import type { RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession } from '../testing/lift-api.ts';

const lifts = [
  liftFixture(11, { liftname: 'Lift Kerkstraat', address: 'Kerkstraat 1, Utrecht' }),
  liftFixture(12, { liftname: 'Lift Markt', address: 'Markt 3, Utrecht' }),
];

function listAnswer({ url }: RecordedRequest) {
  const search = url.searchParams.get('search')?.toLowerCase();
  const items = lifts.filter((lift) => !search || lift.details.address?.toLowerCase().includes(search));
  return { body: { data: { items, pagination: { limit: 25, offset: 0 }, total: items.length } } };
}

const location = () => screen.getByTestId('location').textContent;

describe('LiftsPage', () => {
  it('lists lifts with their total and current statuses, and opens a lift from its row', async () => {
    liftsSession('admin', {
      'GET /liftwacht/lift': listAnswer,
      'GET /liftwacht/current-state': {
        body: {
          data: { items: [{ liftId: 12, name: 'Lift Markt', statuses: [{ status: 'liftUnavailable', since: null }] }] },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/lifts');
    // The first render transforms the lazy page: slow on a busy machine.
    const table = await screen.findByRole('table', { name: 'Liften' }, { timeout: 15_000 });
    expect(screen.getByText('2 liften')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Lift Kerkstraat' })).toHaveAttribute('href', '/lifts/11');
    const markt = within(table).getByRole('row', { name: /Lift Markt/ });
    expect(await within(markt).findByText('Buiten gebruik')).toBeInTheDocument();
    await user.click(within(table).getByText('Markt 3, Utrecht'));
    await waitFor(() => expect(location()).toBe('/lifts/12'));
  });

  it('searches once typing pauses and keeps the search in the URL', async () => {
    const api = liftsSession('admin', { 'GET /liftwacht/lift': listAnswer });
    renderApp('/lifts');
    await screen.findByRole('table', { name: 'Liften' });
    const box = screen.getByRole('searchbox', { name: 'Zoeken' });
    fireEvent.change(box, { target: { value: 'k' } });
    fireEvent.change(box, { target: { value: 'kerk' } });
    await waitFor(() => expect(location()).toBe('/lifts?search=kerk'));
    await waitFor(() => expect(screen.queryByText('Lift Markt')).not.toBeInTheDocument());
    const searches = api.callsTo('GET /liftwacht/lift').map((call) => call.url.searchParams.get('search'));
    // One request for the settled text, none for the intermediate "k".
    expect(searches).toEqual([null, 'kerk']);
    expect(api.calls.at(-1)?.url.searchParams.get('organisationId')).toBe('1');
  });

  it('restores the search, page and sort from the URL and sorts by a column', async () => {
    const api = liftsSession('admin', { 'GET /liftwacht/lift': listAnswer });
    const user = userEvent.setup();
    renderApp('/lifts?search=kerk&sort=city&dir=desc');
    expect(await screen.findByRole('searchbox', { name: 'Zoeken' })).toHaveValue('kerk');
    const table = await screen.findByRole('table', { name: 'Liften' });
    let query = api.callsTo('GET /liftwacht/lift').at(-1)?.url.searchParams;
    expect([query?.get('search'), query?.get('sort'), query?.get('direction')]).toEqual(['kerk', 'city', 'desc']);
    await user.click(within(table).getByRole('button', { name: 'Adres' }));
    await waitFor(() => expect(location()).toBe('/lifts?search=kerk&sort=address'));
    query = api.callsTo('GET /liftwacht/lift').at(-1)?.url.searchParams;
    expect([query?.get('sort'), query?.get('direction')]).toEqual(['address', 'asc']);
  });

  it('shows "Geen liften gevonden" for empty advanced criteria without asking the server', async () => {
    const api = liftsSession('admin', { 'GET /liftwacht/lift': listAnswer });
    const user = userEvent.setup();
    renderApp('/lifts');
    await screen.findByRole('table', { name: 'Liften' });
    await user.click(screen.getByRole('button', { name: 'Uitgebreid zoeken' }));
    const form = screen.getByRole('form', { name: 'Uitgebreid zoeken' });
    await user.click(within(form).getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Geen liften gevonden')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/lift')).toHaveLength(0);
  });

  it('sends the advanced criteria as the body and keeps them in the URL', async () => {
    const api = liftsSession('admin', {
      'GET /liftwacht/lift': listAnswer,
      'POST /liftwacht/lift': { body: { data: { items: [lifts[1]], pagination: { limit: 25, offset: 0 }, total: 1 } } },
    });
    const user = userEvent.setup();
    renderApp('/lifts');
    await screen.findByRole('table', { name: 'Liften' });
    await user.click(screen.getByRole('button', { name: 'Uitgebreid zoeken' }));
    const form = screen.getByRole('form', { name: 'Uitgebreid zoeken' });
    await user.type(within(form).getByRole('textbox', { name: 'Plaats' }), 'Utrecht');
    await user.click(within(form).getByRole('checkbox', { name: 'Keuring verlopen' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Buiten gebruik' }));
    await user.click(within(form).getByRole('radio', { name: 'Alle gekozen statussen' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Intercom (noodtelefoon)' }), 'yes');
    fireEvent.change(within(form).getByLabelText('Onderhoudsinterval minimaal (dagen)'), { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText('Keuring geldig tot, tot en met'), {
      target: { value: '2026-12-31' },
    });
    await user.click(within(form).getByRole('button', { name: 'Zoeken' }));

    expect(await screen.findByText('1 lift')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/lift').at(-1)?.body).toEqual({
      city: 'Utrecht',
      hasIntercom: true,
      statuses: ['approvalExpired', 'liftUnavailable'],
      statusMatch: 'all',
      maintenanceIntervalDays: { min: 30 },
      inspectionValidUntil: { to: '2026-12-31' },
    });
    expect(screen.getByText('Uitgebreid zoeken actief: 5 criteria')).toBeInTheDocument();
    expect(new URLSearchParams(location().split('?')[1]).get('advanced')).toContain('"city":"Utrecht"');

    await user.click(screen.getByRole('button', { name: 'Uitgebreid zoeken beëindigen' }));
    await waitFor(() => expect(location()).toBe('/lifts'));
  });

  it('says on the field when a date is outside 1900–2199 and does not search', async () => {
    const api = liftsSession('admin', { 'GET /liftwacht/lift': listAnswer });
    const user = userEvent.setup();
    renderApp('/lifts');
    await screen.findByRole('table', { name: 'Liften' });
    await user.click(screen.getByRole('button', { name: 'Uitgebreid zoeken' }));
    const form = screen.getByRole('form', { name: 'Uitgebreid zoeken' });
    const commissionedFrom = within(form).getByLabelText('In gebruik genomen vanaf');
    fireEvent.change(commissionedFrom, { target: { value: '1850-01-01' } });
    fireEvent.change(within(form).getByLabelText('Keuring geldig tot, tot en met'), {
      target: { value: '2026-12-31' },
    });
    await user.click(within(form).getByRole('button', { name: 'Zoeken' }));

    expect(commissionedFrom).toHaveAttribute('aria-invalid', 'true');
    expect(commissionedFrom).toHaveAccessibleDescription('Kies een datum tussen 1900 en 2199');
    expect(within(form).getAllByText('Kies een datum tussen 1900 en 2199')).toHaveLength(1);
    expect(api.callsTo('POST /liftwacht/lift')).toHaveLength(0);
    expect(location()).toBe('/lifts');
  });

  it('starts at the first page when the page in the URL lies beyond what the server serves', async () => {
    const api = liftsSession('admin', { 'GET /liftwacht/lift': listAnswer });
    renderApp('/lifts?rows=100&page=99999');
    await screen.findByRole('table', { name: 'Liften' });
    expect(api.callsTo('GET /liftwacht/lift').map((call) => call.url.searchParams.get('offset'))).toEqual(['0']);
  });

  it('reports a failed advanced search as a toast and an error panel', async () => {
    liftsSession('admin', {
      'GET /liftwacht/lift': listAnswer,
      'POST /liftwacht/lift': { status: 500, body: { error: { code: 'internal_error', message: 'Interne fout' } } },
    });
    renderApp(`/lifts?advanced=${encodeURIComponent(JSON.stringify({ city: 'Utrecht' }))}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Fout bij ophalen liften');
    await waitFor(() => expect(screen.getAllByText('Fout bij ophalen liften').length).toBeGreaterThan(1));
  });

  it('offers client-light users only the statuses their dashboard shows', async () => {
    liftsSession('client-light', { 'GET /liftwacht/lift': listAnswer });
    const user = userEvent.setup();
    renderApp('/lifts');
    await screen.findByRole('table', { name: 'Liften' });
    await user.click(screen.getByRole('button', { name: 'Uitgebreid zoeken' }));
    const form = screen.getByRole('form', { name: 'Uitgebreid zoeken' });
    const statuses = within(form)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(statuses).toEqual(['Intercom niet beschikbaar', 'Sense-module niet verbonden']);
  });

  it('shows the empty state when nothing matches', async () => {
    liftsSession('admin', { 'GET /liftwacht/lift': listAnswer });
    renderApp('/lifts?search=nergens');
    expect(await screen.findByText('Geen liften gevonden')).toBeInTheDocument();
  });

  it('tells a mechanic there is no list', async () => {
    const api = liftsSession('monteur');
    renderApp('/lifts');
    expect(await screen.findByText('U heeft geen toegang tot de liftenlijst.')).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/lift')).toHaveLength(0);
  });
});
