import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RoleName } from '@liftwacht/contracts/auth';
import type { EscalationSettings } from '@liftwacht/contracts/escalations';
import type { Subscriptions } from '@liftwacht/contracts/subscriptions';
import { storageKeys } from '../../../lib/storage.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import type { MockResponse, RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { storedSession } from '../../../test/session.ts';

// The limits live where escalations are subscribed to: Meldingen.
const settingsUrl = '/liftwacht/organisations/1/escalation-settings';
const subscriptions: Subscriptions = { email: 'demo@liftwacht.example', channel: 'email', items: [], escalation: null };

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

function session(role: RoleName, stored: EscalationSettings, put?: Route) {
  const routes: Record<string, Route> = put ? { [`PUT ${settingsUrl}`]: put } : {};
  return storedSession(userWithRole(role), {
    extra: {
      'GET /liftwacht/subscriptions': { body: { data: subscriptions } },
      [`GET ${settingsUrl}`]: { body: { data: stored } },
      ...routes,
    },
  });
}

const limitsText = (text: string) => screen.findByText(text, undefined, { timeout: 15_000 });

beforeEach(() => {
  localStorage.setItem(storageKeys.organisationId, '1');
});

describe('EscalationLimits', () => {
  it("lets an admin change its organisation's limits, checking them first", async () => {
    const api = session('admin', settings(), (request) => ({
      body: { data: settings({ ...(request.body as object), version: 2 }) },
    }));
    const user = userEvent.setup();
    renderApp('/subscriptions');
    expect(await limitsText('Grenzen van Liftwacht Vastgoed: 5 minuten en 15 minuten.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Escalatiegrenzen van Liftwacht Vastgoed wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escalatiegrenzen van Liftwacht Vastgoed' });
    const first = within(dialog).getByRole('spinbutton', { name: /Eerste escalatie na/ });
    const second = within(dialog).getByRole('spinbutton', { name: /Tweede escalatie na/ });
    expect(first).toHaveValue(5);
    expect(second).toHaveValue(15);

    await user.clear(second);
    await user.type(second, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(within(dialog).getByText('De tweede grens moet later zijn dan de eerste')).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-invalid', 'true');
    await user.clear(first);
    await user.type(first, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      within(dialog).getByText('Vul een heel aantal minuten in van 1 tot en met 1440 (24 uur)'),
    ).toBeInTheDocument();
    expect(api.callsTo(`PUT ${settingsUrl}`)).toHaveLength(0);

    await user.clear(first);
    await user.type(first, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Escalatiegrenzen van Liftwacht Vastgoed opgeslagen')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`PUT ${settingsUrl}`)[0]?.body).toEqual({ firstMinutes: 1, secondMinutes: 4, version: 1 });
    expect(screen.getByText('Grenzen van Liftwacht Vastgoed: 1 minuut en 4 minuten.')).toBeInTheDocument();
  });

  it('loads the current limits after a conflict, and saves from their version', async () => {
    let answer: MockResponse = {
      status: 409,
      body: {
        error: { code: 'conflict', message: 'Somebody else changed this organisation meanwhile', field: 'version' },
        current: settings({ firstMinutes: 7, secondMinutes: 30, version: 4 }),
      },
    };
    const api = session('system-admin', settings(), () => answer);
    const user = userEvent.setup();
    renderApp('/subscriptions');
    await limitsText('Grenzen van Liftwacht Vastgoed: 5 minuten en 15 minuten.');
    await user.click(screen.getByRole('button', { name: 'Escalatiegrenzen van Liftwacht Vastgoed wijzigen' }));
    const dialog = await screen.findByRole('dialog');
    const first = within(dialog).getByRole('spinbutton', { name: /Eerste escalatie na/ });
    await user.clear(first);
    await user.type(first, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(/Iemand anders heeft deze grenzen intussen gewijzigd/)).toBeInTheDocument();
    expect(first).toHaveValue(7);
    expect(within(dialog).getByRole('spinbutton', { name: /Tweede escalatie na/ })).toHaveValue(30);

    answer = { body: { data: settings({ firstMinutes: 3, secondMinutes: 30, version: 5 }) } };
    await user.clear(first);
    await user.type(first, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Escalatiegrenzen van Liftwacht Vastgoed opgeslagen');
    expect(api.callsTo(`PUT ${settingsUrl}`).map((call) => call.body)).toEqual([
      { firstMinutes: 3, secondMinutes: 15, version: 1 },
      { firstMinutes: 3, secondMinutes: 30, version: 4 },
    ]);
  });

  it('only shows the limits to whoever may not change them', async () => {
    session('user', settings({ editable: false, firstMinutes: 1, secondMinutes: 90 }));
    renderApp('/subscriptions');
    expect(await limitsText('Grenzen van Liftwacht Vastgoed: 1 minuut en 90 minuten.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wijzigen/ })).not.toBeInTheDocument();
  });
});
