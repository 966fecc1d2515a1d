import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { listBody, moduleSession, queryOf, senseModule, unregisteredModule } from '../testing/module-api.ts';

const location = () => screen.getByTestId('location').textContent;
const slow = { timeout: 15_000 };

describe('ModulesPage', () => {
  it('lists modules with the search, filters, sort and page of the URL', async () => {
    const api = moduleSession('system-admin', {
      'GET /liftwacht/admin/modules': listBody(
        [senseModule(5, 'ES-1001'), senseModule(6, 'ES-1002', { lift: null, organisationId: 2, connected: false })],
        30,
      ),
    });
    renderApp('/admin/modules?search=ES&linked=linked&organisation=2&sort=lastSeenAt&dir=desc&page=2');
    const table = await screen.findByRole('table', { name: 'Modules' }, slow);
    const first = within(table).getByRole('rowheader', { name: 'ES-1001' });
    expect(within(first).getByRole('link', { name: 'ES-1001' })).toHaveAttribute('href', '/admin/modules/5');
    expect(within(table).getByRole('link', { name: 'Kerkstraat 1' })).toHaveAttribute('href', '/lifts/11');
    expect(within(table).getByText('Kerkstraat 1, Utrecht')).toBeInTheDocument();
    expect(within(table).getByText('Geen lift')).toBeInTheDocument();
    // The organisation column is the system-admin's.
    expect(within(table).getByRole('columnheader', { name: 'Organisatie' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Woonstichting Noord' })).toBeInTheDocument();
    expect(within(table).getByText('Verbonden')).toBeInTheDocument();
    expect(within(table).getByText('Niet verbonden')).toBeInTheDocument();
    expect(screen.getByText('30 modules')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Zoek op ES-nummer, liftnaam of adres' })).toHaveValue('ES');
    expect(screen.getByRole('combobox', { name: 'Koppeling' })).toHaveValue('linked');
    expect(screen.getByRole('combobox', { name: 'Organisatie' })).toHaveValue('2');
    const list = api.callsTo('GET /liftwacht/admin/modules').at(-1);
    expect(queryOf(list)).toEqual({
      search: 'ES',
      linked: 'linked',
      organisationId: '2',
      sort: 'lastSeenAt',
      direction: 'desc',
      limit: '25',
      offset: '25',
    });
  });

  it('filters and sorts through the URL; an admin has no organisation filter or column', async () => {
    const api = moduleSession('admin', { 'GET /liftwacht/admin/modules': listBody([senseModule(5, 'ES-1001')]) });
    const user = userEvent.setup();
    renderApp('/admin/modules?organisation=2');
    const table = await screen.findByRole('table', { name: 'Modules' }, slow);
    expect(screen.queryByRole('combobox', { name: 'Organisatie' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Organisatie' })).not.toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /liftwacht/admin/modules')[0]).organisationId).toBeUndefined();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Koppeling' }), 'unlinked');
    await waitFor(() => expect(location()).toBe('/admin/modules?linked=unlinked&organisation=2'));
    await user.click(within(table).getByRole('button', { name: 'Laatst gezien' }));
    await waitFor(() => expect(location()).toBe('/admin/modules?linked=unlinked&organisation=2&sort=lastSeenAt'));
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /liftwacht/admin/modules').at(-1))).toMatchObject({
        linked: 'unlinked',
        sort: 'lastSeenAt',
      }),
    );
  });

  it('lists unregistered modules in their own tab and registers one prefilled', async () => {
    const api = moduleSession('admin', {
      'GET /liftwacht/admin/unregistered-modules': listBody([unregisteredModule('ES-7777')]),
      'POST /liftwacht/admin/modules': ({ body }) => ({
        status: 201,
        body: {
          data: {
            module: senseModule(9, (body as { esNumber: string }).esNumber, { lift: null, links: [] }),
            key: 'ES-7777.s3cr3t-k3y',
          },
        },
      }),
      'GET /liftwacht/admin/modules/9': { body: { data: senseModule(9, 'ES-7777', { lift: null, links: [] }) } },
    });
    const user = userEvent.setup();
    renderApp('/admin/modules?search=x');
    await user.click(await screen.findByRole('tab', { name: 'Niet-geregistreerde modules' }, slow));
    await waitFor(() => expect(location()).toBe('/admin/modules?tab=unregistered'));
    const table = await screen.findByRole('table', { name: 'Niet-geregistreerde modules' });
    expect(within(table).getByRole('cell', { name: '1.234' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'ES-7777 registreren' }));

    const dialog = await screen.findByRole('dialog', { name: 'Module registreren' });
    expect(within(dialog).getByRole('textbox', { name: 'ES-nummer' })).toHaveValue('ES-7777');
    // An admin registers for its own organisation: no picker.
    expect(within(dialog).queryByRole('combobox', { name: 'Organisatie' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Firmware (optioneel)' }), '2.5.0');
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));

    const keyDialog = await screen.findByRole('dialog', { name: 'Modulesleutel' });
    expect(within(keyDialog).getByRole('textbox', { name: 'Sleutel van module ES-7777' })).toHaveValue(
      'ES-7777.s3cr3t-k3y',
    );
    expect(within(keyDialog).getByText(/maar één keer getoond/)).toBeInTheDocument();
    expect(within(keyDialog).getByText('x-module-key')).toBeInTheDocument();
    await user.click(within(keyDialog).getByRole('button', { name: 'Sleutel kopiëren' }));
    expect(await within(keyDialog).findByText('Sleutel gekopieerd')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('ES-7777.s3cr3t-k3y');
    expect(api.callsTo('POST /liftwacht/admin/modules')[0]?.body).toEqual({
      esNumber: 'ES-7777',
      liftId: null,
      firmware: '2.5.0',
    });

    await user.click(within(keyDialog).getByRole('button', { name: 'Ik heb de sleutel bewaard' }));
    await waitFor(() => expect(location()).toBe('/admin/modules/9'));
    expect(await screen.findByRole('heading', { name: 'Module ES-7777' })).toBeInTheDocument();
    expect(screen.queryByText('ES-7777.s3cr3t-k3y')).not.toBeInTheDocument();
  });

  it('registers in a free lift for a chosen organisation (system-admin), and explains a taken ES number or lift', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'conflict', message: 'ES number registered', field: 'esNumber' } },
    };
    const api = moduleSession('system-admin', { 'POST /liftwacht/admin/modules': () => answer });
    const user = userEvent.setup();
    renderApp('/admin/modules');
    await user.click(await screen.findByRole('button', { name: 'Module registreren' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Module registreren' });

    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    expect(within(dialog).getByText(/Vul een ES-nummer in/)).toBeInTheDocument();
    expect(within(dialog).getByText('Kies een organisatie', { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/modules')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'ES-nummer' }), 'ES-2001');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Organisatie' }), '2');
    // Without a search text the picker offers lifts without a module.
    await user.click(within(dialog).getByRole('combobox', { name: 'Lift (optioneel)' }));
    await user.click(await screen.findByRole('option', { name: /Stationsplein/ }));
    expect(queryOf(api.callsTo('POST /liftwacht/lift')[0])).toMatchObject({ limit: '20' });
    expect(api.callsTo('POST /liftwacht/lift')[0]?.body).toEqual({ hasModule: false });
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    expect(await within(dialog).findByText('Dit ES-nummer is al geregistreerd.')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/modules')[0]?.body).toEqual({
      esNumber: 'ES-2001',
      organisationId: 2,
      liftId: 21,
      firmware: null,
    });

    answer = { status: 409, body: { error: { code: 'conflict', message: 'lift taken', field: 'liftId' } } };
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    expect(await within(dialog).findByText(/heeft al een module of is uit dienst genomen/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Lift (optioneel)' })).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 201, body: { data: { module: senseModule(10, 'ES-2001'), key: 'ES-2001.abc' } } };
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByRole('dialog', { name: 'Modulesleutel' })).toBeInTheDocument();
  });

  it('offers lifts with a module in a search but does not let them be chosen', async () => {
    moduleSession('admin');
    const user = userEvent.setup();
    renderApp('/admin/modules');
    await user.click(await screen.findByRole('button', { name: 'Module registreren' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Module registreren' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Lift (optioneel)' }), 'Stations');
    const taken = await screen.findByRole('option', { name: /heeft module ES-9/ });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
  });

  it.each(['user', 'client-light'] as const)('is not there for a %s: no menu entry, no request', async (role) => {
    const api = moduleSession(role);
    renderApp('/admin/modules');
    expect(await screen.findByRole('heading', { name: 'Modules' }, slow)).toBeInTheDocument();
    expect(screen.getByText('U heeft geen toegang tot deze pagina.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: 'Modules' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/admin/modules')).toHaveLength(0);
  });

  it('shows the Beheer entry to an admin', async () => {
    moduleSession('admin');
    renderApp('/admin/modules');
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' }, slow);
    expect(within(menu).getByRole('link', { name: 'Modules' })).toHaveAttribute('href', '/admin/modules');
  });
});
