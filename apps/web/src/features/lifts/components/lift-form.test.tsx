import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Lift } from '@liftwacht/contracts/lifts';
import { liftFixture } from '../../../test/fixtures.ts';
import type { RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { detailedLift, liftsSession } from '../testing/lift-api.ts';

const location = () => screen.getByTestId('location').textContent;
const emptyList = { body: { data: { items: [], pagination: { limit: 25, offset: 0 }, total: 0 } } };

async function openForm(path: string) {
  renderApp(path);
  // The first render transforms the lazy page: slow on a busy machine.
  return screen.findByRole('button', { name: 'Opslaan' }, { timeout: 15_000 });
}

describe('LiftForm', () => {
  it('checks the fields with the contract before sending and creates the lift in the own organisation', async () => {
    const created: Lift = { ...liftFixture(99, { liftname: 'Lift Oudegracht', address: 'Oudegracht 1' }) };
    const api = liftsSession('admin', {
      'POST /liftwacht/admin/lifts': { status: 201, body: { data: created } },
      'GET /liftwacht/lift/99': { body: { data: created } },
    });
    const user = userEvent.setup();
    const save = await openForm('/lifts/new');
    expect(screen.getByText('De lift komt bij Liftwacht Vastgoed.')).toBeInTheDocument();
    await user.clear(screen.getByRole('spinbutton', { name: 'Onderhoudsinterval' }));
    await user.type(screen.getByRole('textbox', { name: 'Telefoonnummer' }), 'bel mij');
    await user.click(save);
    expect(await screen.findByText('Vul een naam in (maximaal 200 tekens).')).toBeInTheDocument();
    expect(screen.getByText('Een heel aantal dagen van 1 tot en met 3650.')).toBeInTheDocument();
    expect(screen.getByText(/Alleen cijfers, spaties/)).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/lifts')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Lift Oudegracht');
    await user.type(screen.getByRole('textbox', { name: 'Adres' }), 'Oudegracht 1');
    await user.clear(screen.getByRole('textbox', { name: 'Telefoonnummer' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Onderhoudsinterval' }), '180');
    await user.click(screen.getByRole('switch', { name: 'Liftflow' }));
    await user.type(screen.getByLabelText('In gebruik genomen'), '2020-05-01');
    await user.click(save);
    await waitFor(() => expect(location()).toBe('/lifts/99'));
    expect(api.callsTo('POST /liftwacht/admin/lifts')[0]?.body).toMatchObject({
      organisationId: 1,
      name: 'Lift Oudegracht',
      address: 'Oudegracht 1',
      city: null,
      telephoneNumber: null,
      hasFlow: true,
      maintenanceIntervalDays: 180,
      serviceRideThreshold: 20_000,
      commissionedOn: '2020-05-01',
    });
  });

  it('shows the server’s field errors under their fields', async () => {
    liftsSession('admin', {
      'PATCH /liftwacht/admin/lifts/7': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'ownerNumber: is already used by lift 12',
            field: 'ownerNumber',
            details: [{ field: 'ownerNumber', message: 'is already used by lift 12' }],
          },
        },
      },
    });
    const user = userEvent.setup();
    const save = await openForm('/lifts/7/edit');
    const owner = screen.getByRole('textbox', { name: 'Eigenaarsnummer' });
    expect(owner).toHaveValue('OWN-1');
    await user.clear(owner);
    await user.type(owner, 'OWN-12');
    await user.click(save);
    expect(await screen.findByText('Niet geaccepteerd: is already used by lift 12')).toBeInTheDocument();
    expect(owner).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Controleer de gemarkeerde velden.');
  });

  it('marks an owner number another lift of the organisation already has', async () => {
    liftsSession('admin', {
      'PATCH /liftwacht/admin/lifts/7': {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'Another lift of this organisation already has owner number OWN-2',
            field: 'ownerNumber',
          },
        },
      },
    });
    const user = userEvent.setup();
    const save = await openForm('/lifts/7/edit');
    const owner = screen.getByRole('textbox', { name: 'Eigenaarsnummer' });
    await user.clear(owner);
    await user.type(owner, 'OWN-2');
    await user.click(save);
    expect(await screen.findByText('Dit eigenaarsnummer heeft al een andere lift van deze organisatie.')).toBeVisible();
    expect(owner).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends only the changes with the version, and on a conflict shows the current lift', async () => {
    const current: Lift = {
      ...detailedLift,
      details: { ...detailedLift.details, city: 'Amersfoort' },
      version: 2,
    };
    let attempt = 0;
    const api = liftsSession('admin', {
      'PATCH /liftwacht/admin/lifts/7': () => {
        attempt += 1;
        if (attempt === 1) return { status: 409, body: { error: { code: 'conflict', message: 'stale' }, current } };
        return { body: { data: { ...current, version: 3 } } };
      },
    });
    const user = userEvent.setup();
    const save = await openForm('/lifts/7/edit');
    const building = screen.getByRole('textbox', { name: 'Gebouwnaam' });
    await user.clear(building);
    await user.type(building, 'Domkerk');
    await user.click(save);
    expect(await screen.findByText(/Iemand anders heeft deze lift intussen gewijzigd/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Plaats' })).toHaveValue('Amersfoort');
    expect(building).toHaveValue('Domtoren');
    expect(api.callsTo('PATCH /liftwacht/admin/lifts/7')[0]?.body).toEqual({ buildingName: 'Domkerk', version: 1 });

    await user.clear(building);
    await user.type(building, 'Domkerk');
    await user.click(save);
    await waitFor(() => expect(location()).toBe('/lifts/7'));
    expect(api.callsTo('PATCH /liftwacht/admin/lifts/7')[1]?.body).toEqual({ buildingName: 'Domkerk', version: 2 });
  });

  it('offers a system-admin every organisation for a new lift', async () => {
    const api = liftsSession('system-admin', {
      'POST /liftwacht/admin/lifts': ({ body }: RecordedRequest) => ({
        status: 201,
        body: {
          data: {
            ...liftFixture(50, { liftname: 'N', address: 'A' }),
            organisationId: (body as { organisationId: number }).organisationId,
          },
        },
      }),
      'GET /liftwacht/lift/50': { body: { data: liftFixture(50, { liftname: 'N', address: 'A' }) } },
    });
    const user = userEvent.setup();
    const save = await openForm('/lifts/new');
    const organisation = screen.getByRole('combobox', { name: 'Organisatie' });
    expect(organisation).toHaveValue('1');
    await user.selectOptions(organisation, '2');
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'N');
    await user.type(screen.getByRole('textbox', { name: 'Adres' }), 'A');
    await user.click(save);
    await waitFor(() => expect(location()).toBe('/lifts/50'));
    expect(api.callsTo('POST /liftwacht/admin/lifts')[0]?.body).toMatchObject({ organisationId: 2 });
  });
});

describe('lift edit actions per role', () => {
  const foreignLift: Lift = { ...detailedLift, id: 8, organisationId: 2 };

  it('offers "Nieuwe lift" and "Bewerken" to an administrator of the lift’s own organisation only', async () => {
    liftsSession('admin', { 'GET /liftwacht/lift': emptyList });
    const { unmount } = renderApp('/lifts');
    expect(await screen.findByRole('link', { name: 'Nieuwe lift' }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/lifts/new',
    );
    unmount();

    renderApp('/lifts/7');
    await screen.findByRole('heading', { level: 1, name: 'Lift Domplein' });
    expect(screen.getByRole('link', { name: 'Bewerken' })).toHaveAttribute('href', '/lifts/7/edit');
    expect(screen.getByRole('button', { name: 'Uit dienst nemen' })).toBeInTheDocument();
  });

  it('hides them on a lift of an organisation that only granted access, and from a user', async () => {
    liftsSession('admin', { 'GET /liftwacht/lift/8': { body: { data: foreignLift } } });
    const { unmount } = renderApp('/lifts/8');
    await screen.findByRole('heading', { level: 1, name: 'Lift Domplein' }, { timeout: 15_000 });
    expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
    unmount();

    liftsSession('user', { 'GET /liftwacht/lift': emptyList });
    renderApp('/lifts');
    await screen.findByRole('status');
    expect(screen.queryByRole('link', { name: 'Nieuwe lift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Importeren' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporteren' })).toBeInTheDocument();
  });

  it('lets a system-admin edit any organisation’s lift', async () => {
    liftsSession('system-admin', { 'GET /liftwacht/lift/8': { body: { data: foreignLift } } });
    renderApp('/lifts/8');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Lift Domplein' }, { timeout: 15_000 });
    expect(heading).toBeInTheDocument();
    expect(within(document.body).getByRole('link', { name: 'Bewerken' })).toHaveAttribute('href', '/lifts/8/edit');
  });
});
