import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { renderApp } from '../../../test/render.tsx';
import type { RecordedRequest } from '../../../test/mock-api.ts';
import {
  conflictBody,
  dorpsplein,
  kerkstraat,
  listBody,
  moduleSession,
  pickerLift,
  senseModule,
} from '../testing/module-api.ts';

const slow = { timeout: 15_000 };

/** A module the mocked server keeps: GET answers its current state, `change` the POSTs. */
function serverModule(
  initial: SenseModuleDetail,
  change: (request: RecordedRequest) => { status?: number; body: unknown },
) {
  const server = { module: initial };
  return {
    server,
    routes: {
      'GET /liftwacht/admin/modules/5': () => ({ body: { data: server.module } }),
      'POST /liftwacht/admin/modules/5/link': change,
      'POST /liftwacht/admin/modules/5/key': change,
    },
  };
}

describe('ModulePage', () => {
  it('shows the details, the links history and the last provisioning message', async () => {
    const module = senseModule(5, 'ES-1001', {
      links: [
        { lift: kerkstraat, linkedAt: '2026-11-10T08:00:00Z', unlinkedAt: null },
        { lift: dorpsplein, linkedAt: '2026-10-01T08:00:00Z', unlinkedAt: '2026-11-10T08:00:00Z' },
      ],
      lastProvisioning: { e: { e1: '2.4.1', floors: 6, doors: ['A', 'B'] } },
      lastProvisioningAt: '2026-11-24T12:30:00Z',
    });
    moduleSession('admin', {
      'GET /liftwacht/admin/modules/5': { body: { data: module } },
      'GET /liftwacht/sense/configuration': {
        body: {
          data: {
            items: [{ id: null, type: 'label', key: 'e1', label: 'Firmwareversie', unit: null, moduleType: null }],
            pagination: { limit: 9999, offset: 0 },
            total: 1,
          },
        },
      },
    });
    renderApp('/admin/modules/5');
    expect(await screen.findByRole('heading', { name: 'Module ES-1001' }, slow)).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Gegevens' });
    expect(within(details).getByRole('link', { name: 'Kerkstraat 1' })).toHaveAttribute('href', '/lifts/11');
    expect(within(details).getByText('2.4.1')).toBeInTheDocument();
    expect(within(details).getByText('Verbonden')).toBeInTheDocument();
    expect(within(details).getByText('Liftwacht Vastgoed')).toBeInTheDocument();
    const links = screen.getByRole('table', { name: 'Koppelingen van de module' });
    expect(within(links).getAllByRole('row')).toHaveLength(3);
    expect(within(links).getByRole('cell', { name: 'Nu' })).toBeInTheDocument();
    expect(within(links).getByRole('link', { name: 'Dorpsplein' })).toHaveAttribute('href', '/lifts/12');
    const provisioning = screen.getByRole('region', { name: 'Laatste configuratiebericht' });
    expect(within(provisioning).getByText('e.floors')).toBeInTheDocument();
    // A reading key reads as its name, the key beside it.
    expect(await within(provisioning).findByText('Firmwareversie (e1)')).toBeInTheDocument();
    expect(within(provisioning).getByText('A, B')).toBeInTheDocument();
    expect(within(provisioning).getByText(/^Ontvangen /)).toBeInTheDocument();
  });

  it('says so for an unknown or foreign module, and for an id that cannot be one', async () => {
    moduleSession('admin', {
      'GET /liftwacht/admin/modules/404': { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    });
    const { unmount } = renderApp('/admin/modules/404');
    expect(
      await screen.findByText('Deze module bestaat niet of valt buiten uw organisaties.', {}, slow),
    ).toHaveAttribute('role', 'status');
    unmount();
    renderApp('/admin/modules/abc');
    expect(await screen.findByText('Dit is geen geldig modulenummer.')).toHaveAttribute('role', 'status');
  });

  it("opens a module by its ES number (the lift page's link) on its own page", async () => {
    const api = moduleSession('admin', {
      'GET /liftwacht/admin/modules': listBody([senseModule(6, 'ES-10010'), senseModule(5, 'ES-1001')]),
      'GET /liftwacht/admin/modules/5': { body: { data: senseModule(5, 'ES-1001') } },
    });
    renderApp('/admin/modules/es/ES-1001');
    expect(await screen.findByRole('heading', { name: 'Module ES-1001' }, slow)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/modules/5');
    expect(api.callsTo('GET /liftwacht/admin/modules')[0]?.url.searchParams.get('search')).toBe('ES-1001');
  });

  it('moves the module; a lift that holds a module already is explained at the field', async () => {
    const { server, routes } = serverModule(senseModule(5, 'ES-1001'), ({ body }) => {
      const { liftId } = body as { liftId: number };
      if (liftId === 22) return conflictBody(server.module, 'liftId');
      server.module = { ...server.module, lift: dorpsplein, version: 4 };
      return { body: { data: server.module } };
    });
    const api = moduleSession('admin', {
      ...routes,
      'GET /liftwacht/lift': listBody([pickerLift(22, 'Stationsweg'), pickerLift(12, 'Dorpsplein')]),
    });
    const user = userEvent.setup();
    renderApp('/admin/modules/5');
    await user.click(await screen.findByRole('button', { name: 'Verplaatsen' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Verplaatsen naar een andere lift' });
    expect(within(dialog).getByText(/zit nu in Kerkstraat 1/)).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Lift' });
    await user.type(picker, 'Station');
    await user.click(await screen.findByRole('option', { name: /Stationsweg/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Verplaatsen' }));
    expect(await within(dialog).findByText(/heeft al een module of is uit dienst genomen/)).toBeInTheDocument();

    await user.clear(picker);
    await user.type(picker, 'Dorp');
    await user.click(await screen.findByRole('option', { name: /Dorpsplein/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Verplaatsen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /liftwacht/admin/modules/5/link').map((call) => call.body)).toEqual([
      { liftId: 22, version: 3 },
      { liftId: 12, version: 3 },
    ]);
    const details = screen.getByRole('region', { name: 'Gegevens' });
    expect(await within(details).findByRole('link', { name: 'Dorpsplein' })).toBeInTheDocument();
  });

  it('unlinks after a confirmation; a stale version is explained and the page refreshed', async () => {
    const { server, routes } = serverModule(senseModule(5, 'ES-1001'), ({ body }) => {
      const { version } = body as { version: number };
      if (version !== server.module.version) return conflictBody(server.module);
      server.module = { ...server.module, lift: null, version: server.module.version + 1 };
      return { body: { data: server.module } };
    });
    const api = moduleSession('admin', routes);
    const user = userEvent.setup();
    renderApp('/admin/modules/5');
    await screen.findByRole('heading', { name: 'Module ES-1001' }, slow);
    // Someone else changed the module after the page loaded.
    server.module = { ...server.module, firmware: '2.5.0', version: 7 };
    await user.click(screen.getByRole('button', { name: 'Ontkoppelen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Module ontkoppelen' });
    expect(within(dialog).getByText(/ES-1001 uit Kerkstraat 1 halen/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ontkoppelen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Iemand anders heeft deze module intussen gewijzigd',
    );
    expect(await screen.findByText('2.5.0')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ontkoppelen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /liftwacht/admin/modules/5/link').map((call) => call.body)).toEqual([
      { liftId: null, version: 3 },
      { liftId: null, version: 7 },
    ]);
    expect(await screen.findByText('Niet gekoppeld aan een lift')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Koppelen aan lift' })).toBeInTheDocument();
  });

  it('renews the key after a warning and shows the new one once', async () => {
    const { server, routes } = serverModule(senseModule(5, 'ES-1001'), () => {
      server.module = { ...server.module, keyCreatedAt: '2026-11-25T10:00:00Z', version: 4 };
      return { body: { data: { module: server.module, key: 'ES-1001.n3w' } } };
    });
    const api = moduleSession('admin', routes);
    const user = userEvent.setup();
    renderApp('/admin/modules/5');
    await user.click(await screen.findByRole('button', { name: 'Sleutel vernieuwen' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Sleutel vernieuwen' });
    expect(within(dialog).getByText(/De oude sleutel werkt meteen niet meer/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Vernieuwen' }));
    const keyDialog = await screen.findByRole('dialog', { name: 'Modulesleutel' });
    expect(within(keyDialog).getByRole('textbox', { name: 'Sleutel van module ES-1001' })).toHaveValue('ES-1001.n3w');
    expect(api.callsTo('POST /liftwacht/admin/modules/5/key')[0]?.body).toEqual({ version: 3 });
    await user.click(within(keyDialog).getByRole('button', { name: 'Ik heb de sleutel bewaard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('ES-1001.n3w')).not.toBeInTheDocument();
  });
});
