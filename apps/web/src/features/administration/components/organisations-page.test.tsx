import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { adminOrganisation, adminSession, listBody, queryOf } from '../testing/admin-api.ts';

const location = () => screen.getByTestId('location').textContent;

describe('OrganisationsPage', () => {
  it('lists organisations with the search, type, sort and page of the URL', async () => {
    const api = adminSession('system-admin', {
      'GET /liftwacht/admin/organisations': listBody([adminOrganisation(2, 'Woonstichting Noord', 'client')], 30),
    });
    renderApp('/admin/organisations?search=noord&type=client&sort=createdAt&dir=desc&page=2');
    const table = await screen.findByRole('table', { name: 'Organisaties' }, { timeout: 15_000 });
    expect(within(table).getByRole('rowheader', { name: 'Woonstichting Noord' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Klant' })).toBeInTheDocument();
    expect(screen.getByText('30 organisaties')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Zoek op naam' })).toHaveValue('noord');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('client');
    const list = api.callsTo('GET /liftwacht/admin/organisations').find((call) => call.url.searchParams.has('search'));
    expect(queryOf(list)).toEqual({
      search: 'noord',
      type: 'client',
      sort: 'createdAt',
      direction: 'desc',
      limit: '25',
      offset: '25',
    });
  });

  it('sorts by a column and filters by type through the URL', async () => {
    adminSession('system-admin');
    const user = userEvent.setup();
    renderApp('/admin/organisations');
    const table = await screen.findByRole('table', { name: 'Organisaties' }, { timeout: 15_000 });
    await user.click(within(table).getByRole('button', { name: 'Naam' }));
    await waitFor(() => expect(location()).toBe('/admin/organisations?dir=desc'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'maintenance');
    await waitFor(() => expect(location()).toBe('/admin/organisations?type=maintenance&dir=desc'));
  });

  it('is not there for an admin: no menu entry, the no-access notice and no request', async () => {
    const api = adminSession('admin');
    renderApp('/admin/organisations');
    expect(await screen.findByRole('heading', { name: 'Organisaties' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('U heeft geen toegang tot deze pagina.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: 'Organisaties' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/admin/organisations')).toHaveLength(0);
  });

  it('creates an organisation and shows the server field error at its field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'validation_failed', message: 'must not contain control characters', field: 'name' } },
    };
    const api = adminSession('system-admin', { 'POST /liftwacht/admin/organisations': () => answer });
    const user = userEvent.setup();
    renderApp('/admin/organisations');
    await user.click(await screen.findByRole('button', { name: 'Nieuwe organisatie' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe organisatie' });
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(within(dialog).getByText('Vul een naam in van hoogstens 200 tekens')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/organisations')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Naam' }), 'Liftservice West');
    // The chosen type says what it means, beside the field.
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveAccessibleDescription(
      /Heeft liften in beheer/,
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'maintenance');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveAccessibleDescription(
      /Onderhoudt de liften van de eigenaren en klanten waartoe het toegang heeft/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Niet geaccepteerd: must not contain control characters'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Naam' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /liftwacht/admin/organisations')[0]?.body).toEqual({
      name: 'Liftservice West',
      type: 'maintenance',
    });

    answer = { status: 200, body: { data: adminOrganisation(9, 'Liftservice West', 'maintenance') } };
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Organisatie Liftservice West aangemaakt')).toBeInTheDocument();
  });

  it('edits with the version it started from and reloads the current values on a 409 conflict', async () => {
    const current = { ...adminOrganisation(2, 'Woonstichting Noord-Holland', 'client'), version: 4 };
    const api = adminSession('system-admin', {
      'PATCH /liftwacht/admin/organisations/2': ({ body }) =>
        (body as { version: number }).version === 1
          ? { status: 409, body: { error: { code: 'conflict', message: 'changed meanwhile' }, current } }
          : { body: { data: { ...current, type: 'owner', version: 5 } } },
    });
    const user = userEvent.setup();
    renderApp('/admin/organisations');
    await user.click(await screen.findByRole('button', { name: 'Woonstichting Noord wijzigen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisatie wijzigen' });
    const name = within(dialog).getByRole('textbox', { name: 'Naam' });
    await user.clear(name);
    await user.type(name, 'Woonstichting Noordwest');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Iemand anders heeft dit intussen gewijzigd');
    expect(name).toHaveValue('Woonstichting Noord-Holland');
    expect(api.callsTo('PATCH /liftwacht/admin/organisations/2')[0]?.body).toEqual({
      name: 'Woonstichting Noordwest',
      version: 1,
    });

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'owner');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /liftwacht/admin/organisations/2')[1]?.body).toEqual({ type: 'owner', version: 4 });
  });

  it('says at the type field when grants hold the type', async () => {
    const served = adminOrganisation(2, 'Woonstichting Noord', 'client');
    adminSession('system-admin', {
      'PATCH /liftwacht/admin/organisations/2': {
        status: 409,
        body: {
          error: { code: 'conflict', message: 'Revoke the companies that serve this organisation', field: 'type' },
          current: served,
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/organisations');
    await user.click(await screen.findByRole('button', { name: 'Woonstichting Noord wijzigen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisatie wijzigen' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'maintenance');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(/Dit type kan niet: er is toegang die ervan afhangt/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Iemand anders heeft dit intussen gewijzigd/)).not.toBeInTheDocument();
  });
});
