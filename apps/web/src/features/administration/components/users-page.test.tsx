import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { adminSession, adminUser, listBody, queryOf } from '../testing/admin-api.ts';

const self = adminUser(1, 'demo-admin', { roles: ['admin'] });
const invited = adminUser(7, 'nieuw', {
  name: 'Nina Nieuw',
  status: 'invited',
  invitationExpiresAt: '2026-11-28T10:00:00+01:00',
});
const active = adminUser(8, 'piet', { name: 'Piet Pieters', roles: ['user', 'client-light'], version: 3 });
const disabled = adminUser(9, 'oud', { status: 'disabled' });
const users = [self, invited, active, disabled];

const lastList = (api: ReturnType<typeof adminSession>) => queryOf(api.callsTo('GET /liftwacht/admin/users').at(-1));

describe('UsersPage', () => {
  it("lists an admin's people with the URL's filters and without an organisation filter", async () => {
    const api = adminSession('admin', { 'GET /liftwacht/admin/users': listBody(users) });
    renderApp('/admin/users?search=pi&organisationId=5&role=user&status=active&sort=email&dir=desc&rows=50');
    const table = await screen.findByRole('table', { name: 'Gebruikers' }, { timeout: 15_000 });
    const row = within(table).getByRole('row', { name: /piet/ });
    expect(within(row).getByText('Gebruiker, Klant (beperkt)')).toBeInTheDocument();
    expect(within(row).getByText('Nederlands')).toBeInTheDocument();
    expect(within(row).getByText('Actief')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /nieuw/ })).toHaveTextContent('Uitgenodigd');
    expect(screen.getByText('4 gebruikers')).toBeInTheDocument();
    // The server keeps an admin to its own organisation: the page offers and sends no other.
    expect(screen.queryByRole('combobox', { name: 'Organisatie' })).not.toBeInTheDocument();
    expect(lastList(api)).toEqual({
      search: 'pi',
      role: 'user',
      status: 'active',
      sort: 'email',
      direction: 'desc',
      limit: '50',
      offset: '0',
    });
  });

  it('lets a system-admin filter by organisation', async () => {
    const api = adminSession('system-admin', { 'GET /liftwacht/admin/users': listBody(users) });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Gebruikers' }, { timeout: 15_000 });
    const filter = screen.getByRole('combobox', { name: 'Organisatie' });
    await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(5));
    await user.selectOptions(filter, 'Liftservice Oost');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?organisationId=3'));
    await waitFor(() => expect(lastList(api).organisationId).toBe('3'));
  });

  it('offers per status: resend for invited, enable for disabled, no disable on your own row', async () => {
    const api = adminSession('admin', {
      'GET /liftwacht/admin/users': listBody(users),
      'POST /liftwacht/admin/users/7/invitation': { body: { data: invited } },
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Gebruikers' }, { timeout: 15_000 });
    const actions = (username: string) => screen.getByRole('group', { name: `Acties voor ${username}` });
    expect(within(actions('demo-admin')).queryByRole('button', { name: 'Uitschakelen' })).not.toBeInTheDocument();
    expect(within(actions('oud')).getByRole('button', { name: 'Inschakelen' })).toBeInTheDocument();
    expect(within(actions('piet')).queryByRole('button', { name: /Uitnodiging/ })).not.toBeInTheDocument();
    await user.click(within(actions('nieuw')).getByRole('button', { name: 'Uitnodiging opnieuw versturen' }));
    expect(await screen.findByText('Nieuwe uitnodiging verstuurd naar nieuw@example.nl')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/users/7/invitation')[0]?.body).toEqual({ version: 1 });
  });

  it('asks before disabling, naming the user, and says so plainly when it is the last admin', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'last_admin', message: 'last administrator' } },
    };
    const api = adminSession('admin', {
      'GET /liftwacht/admin/users': listBody(users),
      'POST /liftwacht/admin/users/8/disable': () => answer,
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Gebruikers' }, { timeout: 15_000 });
    const actions = screen.getByRole('group', { name: 'Acties voor piet' });

    await user.click(within(actions).getByRole('button', { name: 'Uitschakelen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Gebruiker uitschakelen' });
    expect(dialog).toHaveAccessibleDescription(
      /Piet Pieters \(piet\) wilt uitschakelen\? De gebruiker wordt direct uitgelogd/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /liftwacht/admin/users/8/disable')).toHaveLength(0);

    await user.click(within(actions).getByRole('button', { name: 'Uitschakelen' }));
    dialog = await screen.findByRole('dialog', { name: 'Gebruiker uitschakelen' });
    await user.click(within(dialog).getByRole('button', { name: 'Uitschakelen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Dit is de laatste actieve beheerder van de organisatie.',
    );

    answer = { status: 200, body: { data: { ...active, status: 'disabled', version: 4 } } };
    await user.click(within(dialog).getByRole('button', { name: 'Uitschakelen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /liftwacht/admin/users/8/disable').map((call) => call.body)).toEqual([
      { version: 3 },
      { version: 3 },
    ]);
    expect(await screen.findByText('piet is uitgeschakeld')).toBeInTheDocument();
  });

  it('invites with the roles an admin may give, into its own organisation, and shows server errors', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'conflict', message: 'username taken' } },
    };
    const api = adminSession('admin', {
      'GET /liftwacht/admin/users': listBody(users),
      'POST /liftwacht/admin/users': () => answer,
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Gebruiker uitnodigen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker uitnodigen' });
    const roles = within(dialog).getByRole('group', { name: 'Rollen' });
    expect(within(roles).queryByRole('checkbox', { name: 'Systeembeheerder' })).not.toBeInTheDocument();
    expect(within(roles).getByRole('checkbox', { name: 'Gebruiker' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Organisatie' })).toHaveValue('Liftwacht Vastgoed');

    await user.type(within(dialog).getByRole('textbox', { name: 'Gebruikersnaam' }), 'j');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(within(dialog).getByText('Gebruik 3 tot 100 tekens: letters, cijfers en . _ @ -')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een geldig e-mailadres in')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/users')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Gebruikersnaam' }), 'ansen');
    await user.type(within(dialog).getByRole('textbox', { name: 'Naam' }), 'Jan Jansen');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mailadres' }), 'jan@example.nl');
    await user.click(within(roles).getByRole('checkbox', { name: 'Beheerder' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Taal' }), 'en-GB');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(await within(dialog).findByText('Deze gebruikersnaam is al in gebruik.')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/users')[0]?.body).toEqual({
      username: 'jansen',
      name: 'Jan Jansen',
      email: 'jan@example.nl',
      organisationId: 1,
      roles: ['admin', 'user'],
      locale: 'en-GB',
    });

    answer = {
      status: 400,
      body: { error: { code: 'validation_failed', message: 'domain does not accept mail', field: 'email' } },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(await within(dialog).findByText('Niet geaccepteerd: domain does not accept mail')).toBeInTheDocument();
    expect(within(dialog).queryByText('Deze gebruikersnaam is al in gebruik.')).not.toBeInTheDocument();

    answer = {
      status: 409,
      body: { error: { code: 'username_look_alike', message: 'looks like an existing one', field: 'username' } },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(
      await within(dialog).findByText(
        'Deze gebruikersnaam lijkt te veel op een bestaande. Kies een naam die anders leest.',
      ),
    ).toBeInTheDocument();

    answer = {
      status: 409,
      body: { error: { code: 'email_taken', message: 'belongs to another user', field: 'email' } },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(await within(dialog).findByText('Dit e-mailadres hoort al bij een andere gebruiker.')).toBeInTheDocument();

    answer = { status: 200, body: { data: adminUser(10, 'jansen', { status: 'invited' }) } };
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Uitnodiging verstuurd naar jansen@example.nl')).toBeInTheDocument();
  });

  it('lets a system-admin pick the organisation and give any role', async () => {
    const api = adminSession('system-admin', {
      'GET /liftwacht/admin/users': listBody(users),
      'POST /liftwacht/admin/users': { body: { data: adminUser(10, 'monteur1', { status: 'invited' }) } },
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Gebruiker uitnodigen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker uitnodigen' });
    expect(within(dialog).getByRole('checkbox', { name: 'Systeembeheerder' })).toBeEnabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Gebruikersnaam' }), 'monteur1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Naam' }), 'Mo Monteur');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mailadres' }), 'mo@example.nl');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gebruiker' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monteur' }));
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(within(dialog).getByText('Kies een organisatie')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Organisatie' }), 'Liftservice Oost');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /liftwacht/admin/users')[0]?.body).toMatchObject({
      organisationId: 3,
      roles: ['monteur'],
    });
  });

  it('edits roles with the version, reloads on a conflict and explains last_admin', async () => {
    const current = { ...active, name: 'Piet P.', version: 6 };
    const api = adminSession('admin', {
      'GET /liftwacht/admin/users': listBody(users),
      'PATCH /liftwacht/admin/users/8': ({ body }) =>
        (body as { version: number }).version === 3
          ? { status: 409, body: { error: { code: 'conflict', message: 'changed' }, current } }
          : { status: 409, body: { error: { code: 'last_admin', message: 'last administrator' } } },
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Gebruikers' }, { timeout: 15_000 });
    await user.click(
      within(screen.getByRole('group', { name: 'Acties voor piet' })).getByRole('button', { name: 'Wijzigen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker piet wijzigen' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Klant (beperkt)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Iemand anders heeft dit intussen gewijzigd');
    expect(within(dialog).getByRole('textbox', { name: 'Naam' })).toHaveValue('Piet P.');
    expect(within(dialog).getByRole('checkbox', { name: 'Klant (beperkt)' })).toBeChecked();
    expect(api.callsTo('PATCH /liftwacht/admin/users/8')[0]?.body).toEqual({ roles: ['user'], version: 3 });

    await user.click(within(dialog).getByRole('checkbox', { name: 'Klant (beperkt)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(/Dit is de laatste actieve beheerder/)).toBeInTheDocument();
    expect(api.callsTo('PATCH /liftwacht/admin/users/8')[1]?.body).toEqual({ roles: ['user'], version: 6 });
  });

  it('says that correcting an invitee’s email sends a new invitation to the new address', async () => {
    const api = adminSession('admin', {
      'GET /liftwacht/admin/users': listBody(users),
      'PATCH /liftwacht/admin/users/7': { body: { data: { ...invited, email: 'nina@example.nl', version: 2 } } },
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Gebruikers' }, { timeout: 15_000 });
    await user.click(
      within(screen.getByRole('group', { name: 'Acties voor nieuw' })).getByRole('button', { name: 'Wijzigen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker nieuw wijzigen' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mailadres' });
    await user.clear(email);
    await user.type(email, 'nina@example.nl');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText(
        'Gebruiker nieuw opgeslagen; er is een nieuwe uitnodiging naar nina@example.nl gestuurd en de oude link werkt niet meer',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /liftwacht/admin/users/7')[0]?.body).toMatchObject({ email: 'nina@example.nl' });
  });
});
