import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { adminSession, auditEntry, listBody, queryOf } from '../testing/admin-api.ts';

const entries = [
  auditEntry(12),
  auditEntry(11, {
    userId: null,
    username: null,
    action: 'setup.completed',
    subjectType: 'system',
    subjectId: null,
    subject: null,
    before: null,
    after: null,
  }),
];

const location = () => screen.getByTestId('location').textContent;

describe('AuditLogPage', () => {
  it("lists an admin's entries with the URL's action, period and page, without an organisation filter", async () => {
    const api = adminSession('admin', { 'GET /liftwacht/admin/audit-log': listBody(entries, 60) });
    renderApp('/admin/audit-log?action=user.updated&organisationId=4&from=2026-11-01&to=2026-11-30&page=3');
    const table = await screen.findByRole('table', { name: 'Auditlog, nieuwste eerst' }, { timeout: 15_000 });
    expect(within(table).getByRole('row', { name: /demo-admin/ })).toHaveTextContent('Gebruiker gewijzigd');
    expect(within(table).getByRole('row', { name: /Installatie voltooid/ })).toHaveTextContent('Systeem');
    expect(screen.getByText('60 regels')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Organisatie' })).not.toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /liftwacht/admin/audit-log').at(-1))).toEqual({
      action: 'user.updated',
      from: '2026-11-01',
      to: '2026-11-30',
      limit: '25',
      offset: '50',
    });
  });

  it('names each subject: a lift with its address, a visit by kind, day and lift, an import by its file', async () => {
    const lift = { id: 4, name: 'Personenlift', address: 'Dorpsstraat 4, Houten' };
    adminSession('admin', {
      'GET /liftwacht/admin/audit-log': listBody([
        auditEntry(21, {
          action: 'lift.created',
          subjectType: 'lift',
          subjectId: '4',
          subject: { name: 'Personenlift', lift, kind: null, at: null },
        }),
        auditEntry(22, {
          action: 'visit.finished',
          subjectType: 'visit',
          subjectId: '2',
          subject: { name: null, lift, kind: 'maintenance', at: '2026-12-03T08:15:00.000Z' },
        }),
        auditEntry(23, {
          action: 'lift_import.applied',
          subjectType: 'lift_import',
          subjectId: '6ca3e1f0-0000-4000-8000-000000000000',
          subject: { name: 'liften-houten.xlsx', lift: null, kind: null, at: null },
        }),
        auditEntry(24, { subjectType: 'user', subjectId: '7' }),
        auditEntry(25, { action: 'lift.updated', subjectType: 'lift', subjectId: '99', subject: null }),
      ]),
    });
    renderApp('/admin/audit-log');
    const table = await screen.findByRole('table', { name: 'Auditlog, nieuwste eerst' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Personenlift, Dorpsstraat 4, Houten');
    expect(rows[1]).toHaveTextContent('Onderhoud 3 dec 2026 – Personenlift, Dorpsstraat 4, Houten');
    expect(rows[2]).toHaveTextContent('Import liften-houten.xlsx');
    expect(rows[2]).not.toHaveTextContent('6ca3');
    expect(rows[3]).toHaveTextContent('Jan de Vries');
    // A subject that is gone keeps its type and number.
    expect(rows[4]).toHaveTextContent('Lift 99');
  });

  it('expands an entry into a field-by-field before/after table', async () => {
    adminSession('admin', { 'GET /liftwacht/admin/audit-log': listBody(entries) });
    const user = userEvent.setup();
    renderApp('/admin/audit-log');
    const table = await screen.findByRole('table', { name: 'Auditlog, nieuwste eerst' }, { timeout: 15_000 });
    const toggle = within(within(table).getByRole('row', { name: /demo-admin/ })).getByRole('button', {
      name: 'Details tonen',
    });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const diff = screen.getByRole('table', { name: 'Wijzigingen van regel 12' });
    expect(within(diff).getByRole('row', { name: /roles/ })).toHaveTextContent('rolesuseruser, admin');
    expect(within(diff).getByRole('row', { name: /version/ })).toHaveTextContent('version12');
    expect(within(diff).queryByRole('row', { name: /name/ })).not.toBeInTheDocument();
    expect(screen.getByText('IP-adres: 192.0.2.1')).toBeInTheDocument();

    const system = within(table).getByRole('row', { name: /Installatie voltooid/ });
    await user.click(within(system).getByRole('button', { name: 'Details tonen' }));
    expect(screen.getByText('Geen details vastgelegd')).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByRole('table', { name: 'Wijzigingen van regel 12' })).not.toBeInTheDocument();
  });

  it('keeps a period the server would refuse out of the URL and says why', async () => {
    const api = adminSession('system-admin', { 'GET /liftwacht/admin/audit-log': listBody(entries) });
    const user = userEvent.setup();
    renderApp('/admin/audit-log');
    await screen.findByRole('table', { name: 'Auditlog, nieuwste eerst' }, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Van'), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(location()).toBe('/admin/audit-log?from=2026-11-10'));
    fireEvent.change(screen.getByLabelText('Tot en met'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('De einddatum ligt vóór de begindatum')).toBeInTheDocument();
    expect(location()).toBe('/admin/audit-log?from=2026-11-10');
    expect(api.callsTo('GET /liftwacht/admin/audit-log').some((call) => call.url.searchParams.has('to'))).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Organisatie' }), 'Keurbedrijf Zuid');
    await waitFor(() => expect(location()).toBe('/admin/audit-log?organisationId=4&from=2026-11-10'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Actie' }), 'Toegang ingetrokken');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /liftwacht/admin/audit-log').at(-1))).toMatchObject({
        action: 'access.revoked',
        organisationId: '4',
      }),
    );
  });
});
