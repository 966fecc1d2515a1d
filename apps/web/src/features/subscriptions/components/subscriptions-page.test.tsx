import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EscalationSettings } from '@liftwacht/contracts/escalations';
import type { Subscriptions } from '@liftwacht/contracts/subscriptions';
import { storageKeys } from '../../../lib/storage.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { storedSession } from '../../../test/session.ts';

const stored: Subscriptions = {
  email: 'demo-user@liftwacht.example',
  channel: 'email',
  items: [{ eventType: 'battery', liftIds: null, lifts: [] }],
  escalation: null,
};

const limits: EscalationSettings = {
  organisationId: 1,
  organisationName: 'Liftwacht Vastgoed',
  firstMinutes: 5,
  secondMinutes: 15,
  version: 1,
  editable: false,
};

beforeEach(() => {
  localStorage.setItem(storageKeys.organisationId, '1');
});

describe('SubscriptionsPage: escalations', () => {
  it('offers escalations of entrapments with the organisation limits, and saves them beside the event types', async () => {
    const api = storedSession(userWithRole('user'), {
      extra: {
        'GET /liftwacht/subscriptions': { body: { data: stored } },
        'GET /liftwacht/organisations/1/escalation-settings': { body: { data: limits } },
        'PUT /liftwacht/subscriptions': {
          body: { data: { ...stored, escalation: { liftIds: null, lifts: [] } } },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/subscriptions');
    const list = await screen.findByRole('list', { name: 'Escalaties bij opsluiting' }, { timeout: 15_000 });
    const escalation = within(list).getByRole('checkbox', { name: 'Opsluiting niet op tijd bevestigd' });
    expect(escalation).not.toBeChecked();
    expect(
      await within(list).findByText(/Grenzen van Liftwacht Vastgoed: 5 minuten en 15 minuten\./),
    ).toBeInTheDocument();
    expect(escalation).toHaveAccessibleDescription(/binnen de eerste grens van de organisatie van de lift/);
    // The event types keep their own list.
    expect(
      within(screen.getByRole('list', { name: 'Meldingen per eventtype' })).getByRole('checkbox', {
        name: 'Accu alarmtelefoon zwak',
      }),
    ).toBeChecked();

    await user.click(escalation);
    expect(within(list).getByRole('radio', { name: 'Alle liften' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Meldingen opgeslagen')).toBeInTheDocument();
    expect(api.callsTo('PUT /liftwacht/subscriptions')[0]?.body).toEqual({
      items: [{ eventType: 'battery', liftIds: null }],
      escalation: { liftIds: null },
    });
  });

  it('shows escalations for chosen lifts, turns them off with null, and explains them without the limits', async () => {
    const api = storedSession(userWithRole('admin'), {
      extra: {
        'GET /liftwacht/subscriptions': {
          body: {
            data: {
              ...stored,
              escalation: { liftIds: [3], lifts: [{ id: 3, name: 'Lift Oost', address: 'Oostweg 1' }] },
            },
          },
        },
        'GET /liftwacht/organisations/1/escalation-settings': { status: 500, body: {} },
        'PUT /liftwacht/subscriptions': { body: { data: stored } },
      },
    });
    const user = userEvent.setup();
    renderApp('/subscriptions');
    const list = await screen.findByRole('list', { name: 'Escalaties bij opsluiting' }, { timeout: 15_000 });
    const escalation = within(list).getByRole('checkbox', { name: 'Opsluiting niet op tijd bevestigd' });
    expect(escalation).toBeChecked();
    expect(within(list).getByRole('radio', { name: 'Gekozen liften' })).toBeChecked();
    // Without the limits the general sentence still explains the option.
    expect(within(list).getByText(/U krijgt een e-mail wanneer niemand/)).toBeInTheDocument();
    expect(within(list).queryByText(/Grenzen van/)).not.toBeInTheDocument();

    await user.click(escalation);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Meldingen opgeslagen')).toBeInTheDocument();
    expect(api.callsTo('PUT /liftwacht/subscriptions')[0]?.body).toEqual({
      items: [{ eventType: 'battery', liftIds: null }],
      escalation: null,
    });
  });
});
