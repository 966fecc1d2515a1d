import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { accessGrant, adminSession, listBody, queryOf } from '../testing/admin-api.ts';

describe('AccessGrantsPage', () => {
  it('lists the grants of the organisation in the URL', async () => {
    const api = adminSession('system-admin', { 'GET /liftwacht/admin/access-grants': listBody([accessGrant]) });
    renderApp('/admin/access?organisationId=3&page=1');
    const table = await screen.findByRole('table', { name: 'Toegang tussen organisaties' }, { timeout: 15_000 });
    const row = within(table).getByRole('row', { name: /Liftservice Oost/ });
    expect(row).toHaveTextContent('Onderhoudsbedrijf');
    expect(row).toHaveTextContent('Woonstichting Noord');
    expect(screen.getByText('1 toegang')).toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /liftwacht/admin/access-grants').at(-1))).toEqual({
      organisationId: '3',
      limit: '25',
      offset: '0',
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Organisatie' })).toHaveValue('3'));
  });

  it('grants access from a maintenance or inspection company to another organisation', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'conflict', message: 'exists' } },
    };
    const api = adminSession('system-admin', {
      'GET /liftwacht/admin/access-grants': listBody([]),
      'POST /liftwacht/admin/access-grants': () => answer,
    });
    const user = userEvent.setup();
    renderApp('/admin/access');
    expect(await screen.findByText('Geen toegang gevonden', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toegang geven' }));
    const dialog = await screen.findByRole('dialog', { name: 'Toegang geven' });
    const company = within(dialog).getByRole('combobox', { name: 'Bedrijf (onderhoud of keuring)' });
    expect(
      within(company)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', 'Liftservice Oost', 'Keurbedrijf Zuid']);
    await user.selectOptions(company, 'Keurbedrijf Zuid');
    const client = within(dialog).getByRole('combobox', { name: 'Klant' });
    // Only owners and clients have lifts to serve: no company in the list.
    expect(
      within(client)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', 'Liftwacht Vastgoed', 'Woonstichting Noord']);
    expect(within(dialog).getByText('De eigenaar of klant wiens liften het bedrijf gaat zien')).toBeInTheDocument();
    await user.selectOptions(client, 'Woonstichting Noord');
    await user.click(within(dialog).getByRole('button', { name: 'Toegang geven' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Dit bedrijf heeft al toegang tot deze klant.');
    expect(api.callsTo('POST /liftwacht/admin/access-grants')[0]?.body).toEqual({
      organisationId: 4,
      accessibleOrganisationId: 2,
    });

    answer = {
      status: 200,
      body: { data: { ...accessGrant, organisationId: 4, organisationName: 'Keurbedrijf Zuid' } },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Toegang geven' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Keurbedrijf Zuid heeft nu toegang tot Woonstichting Noord')).toBeInTheDocument();
  });

  it('revokes after a confirmation that says it takes effect at once', async () => {
    const api = adminSession('system-admin', {
      'GET /liftwacht/admin/access-grants': listBody([accessGrant]),
      // The mock cannot answer 204 (a Response with that status takes no body); any success will do.
      'DELETE /liftwacht/admin/access-grants/3/2': { body: {} },
    });
    const user = userEvent.setup();
    renderApp('/admin/access');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Toegang van Liftservice Oost tot Woonstichting Noord intrekken' },
        { timeout: 15_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Toegang intrekken' });
    expect(dialog).toHaveAccessibleDescription(/Liftservice Oost verliest direct de toegang tot Woonstichting Noord/);
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(api.callsTo('DELETE /liftwacht/admin/access-grants/3/2')).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'Toegang van Liftservice Oost tot Woonstichting Noord intrekken' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Toegang intrekken' })).getByRole('button', {
        name: 'Intrekken',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /liftwacht/admin/access-grants/3/2')).toHaveLength(1);
    expect(
      await screen.findByText('Toegang van Liftservice Oost tot Woonstichting Noord ingetrokken'),
    ).toBeInTheDocument();
  });
});
