import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EscalationSettings } from '@liftwacht/contracts/escalations';
import type { RoleName } from '@liftwacht/contracts/auth';
import { storageKeys } from '../../../lib/storage.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import type { MockResponse, RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { storedSession } from '../../../test/session.ts';

const settingsUrl = '/liftwacht/organisations/1/escalation-settings';

const settings = (overrides: Partial<EscalationSettings> = {}): EscalationSettings => ({
  organisationId: 1,
  organisationName: 'Liftwacht Vastgoed',
  firstMinutes: 5,
  secondMinutes: 15,
  version: 1,
  editable: true,
  ...overrides,
});

type Route = MockResponse | ((request: RecordedRequest) => MockResponse);

function session(role: RoleName, put?: Route, stored = settings()) {
  const routes: Record<string, Route> = put ? { [`PUT ${settingsUrl}`]: put } : {};
  return storedSession(userWithRole(role), {
    extra: { [`GET ${settingsUrl}`]: { body: { data: stored } }, ...routes },
  });
}

const field = (name: string) => screen.getByRole('spinbutton', { name: new RegExp(name) });

beforeEach(() => {
  localStorage.setItem(storageKeys.organisationId, '1');
});

describe('EscalationSettingsPage', () => {
  it("lets an admin change its organisation's limits, checking them first", async () => {
    const api = session('admin', (request) => ({
      body: { data: settings({ ...(request.body as object), version: 2 }) },
    }));
    const user = userEvent.setup();
    renderApp('/admin/escalations');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Grenzen van Liftwacht Vastgoed' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const beheer = screen.getByRole('list', { name: 'Beheer' });
    expect(within(beheer).getByRole('link', { name: 'Escalatie' })).toHaveAttribute('href', '/admin/escalations');
    expect(field('Eerste escalatie')).toHaveValue(5);
    expect(field('Tweede escalatie')).toHaveValue(15);
    const save = screen.getByRole('button', { name: 'Opslaan' });
    expect(save).toBeDisabled();

    await user.clear(field('Tweede escalatie'));
    await user.type(field('Tweede escalatie'), '4');
    await user.click(save);
    expect(screen.getByText('De tweede grens moet later zijn dan de eerste')).toBeInTheDocument();
    expect(field('Tweede escalatie')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field('Eerste escalatie'));
    await user.type(field('Eerste escalatie'), '0');
    await user.click(save);
    expect(screen.getByText('Vul een heel aantal minuten in van 1 tot en met 1440 (24 uur)')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${settingsUrl}`)).toHaveLength(0);

    await user.clear(field('Eerste escalatie'));
    await user.type(field('Eerste escalatie'), '2');
    await user.click(save);
    expect(await screen.findByText('Escalatiegrenzen van Liftwacht Vastgoed opgeslagen')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${settingsUrl}`)[0]?.body).toEqual({ firstMinutes: 2, secondMinutes: 4, version: 1 });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('loads the current limits after a conflict, and saves from their version', async () => {
    let answer: MockResponse = {
      status: 409,
      body: {
        error: { code: 'conflict', message: 'Somebody else changed this organisation meanwhile', field: 'version' },
        current: settings({ firstMinutes: 7, secondMinutes: 30, version: 4 }),
      },
    };
    const api = session('system-admin', () => answer);
    const user = userEvent.setup();
    renderApp('/admin/escalations');
    await user.clear(await screen.findByRole('spinbutton', { name: /Eerste escalatie/ }, { timeout: 15_000 }));
    await user.type(field('Eerste escalatie'), '3');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(/Iemand anders heeft deze grenzen intussen gewijzigd/)).toBeInTheDocument();
    expect(field('Eerste escalatie')).toHaveValue(7);
    expect(field('Tweede escalatie')).toHaveValue(30);

    answer = { body: { data: settings({ firstMinutes: 3, secondMinutes: 30, version: 5 }) } };
    await user.clear(field('Eerste escalatie'));
    await user.type(field('Eerste escalatie'), '3');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Escalatiegrenzen van Liftwacht Vastgoed opgeslagen');
    expect(api.callsTo(`PUT ${settingsUrl}`).map((call) => call.body)).toEqual([
      { firstMinutes: 3, secondMinutes: 15, version: 1 },
      { firstMinutes: 3, secondMinutes: 30, version: 4 },
    ]);
  });

  it('shows the limits of an organisation that is not its own read-only', async () => {
    const api = session('admin', undefined, settings({ organisationName: 'Woonstichting Noord', editable: false }));
    renderApp('/admin/escalations');
    expect(
      await screen.findByText('Alleen een beheerder van Woonstichting Noord kan deze grenzen wijzigen.', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    expect(field('Eerste escalatie')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    expect(api.callsTo(`PUT ${settingsUrl}`)).toHaveLength(0);
  });

  it('is not there for a user: no menu entry, the no-access notice and no request', async () => {
    const api = session('user');
    renderApp('/admin/escalations');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Escalatie' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('U heeft geen toegang tot deze pagina.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: 'Escalatie' })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${settingsUrl}`)).toHaveLength(0);
  });
});
