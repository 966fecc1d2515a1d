import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liftsSession } from '../../lifts/testing/lift-api.ts';
import { renderApp } from '../../../test/render.tsx';

const emptyList = { body: { data: { items: [], pagination: { limit: 25, offset: 0 }, total: 0 } } };

describe('LiftExportMenu', () => {
  const createObjectURL = vi.fn(() => 'blob:export');

  beforeEach(() => {
    // jsdom has no object URLs; the file itself is the server's business.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    createObjectURL.mockClear();
  });

  it('exports what the list shows: organisation, search and order, in the user’s language', async () => {
    const api = liftsSession('user', {
      'GET /liftwacht/lift': emptyList,
      'POST /liftwacht/lift/export': {
        body: 'Naam;Adres',
        headers: { 'Content-Disposition': 'attachment; filename="liften-2026-11-25.csv"' },
      },
    });
    const user = userEvent.setup();
    renderApp('/lifts?search=dom&sort=city&dir=desc');
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('liften-2026-11-25.csv is gedownload.')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/lift/export')[0]?.body).toEqual({
      format: 'csv',
      language: 'nl',
      organisationId: 1,
      search: 'dom',
      sort: 'city',
      direction: 'desc',
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('sends the advanced criteria instead of a search, and reports a failure', async () => {
    const api = liftsSession('admin', {
      'POST /liftwacht/lift': emptyList,
      'POST /liftwacht/lift/export': { status: 500, body: { error: { code: 'internal_error', message: 'Boom' } } },
    });
    const user = userEvent.setup();
    const criteria = encodeURIComponent(JSON.stringify({ city: 'Utrecht' }));
    renderApp(`/lifts?advanced=${criteria}`);
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(await screen.findByText('Exporteren mislukt: Boom')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exporteren' })).toBeEnabled());
    expect(api.callsTo('POST /liftwacht/lift/export')[0]?.body).toMatchObject({
      format: 'xlsx',
      criteria: { city: 'Utrecht' },
      sort: 'name',
      direction: 'asc',
    });
    expect(api.callsTo('POST /liftwacht/lift/export')[0]?.body).not.toHaveProperty('search');
  });
});
