import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { dashboardSession } from '../../dashboard/testing/stats-fixtures.ts';

const subscription = {
  organisationId: 2,
  organisationName: 'Woonstichting Noord',
  cadence: 'quarterly',
  createdAt: '2026-03-10T09:00:00.000Z',
};

describe('scheduled organisation reports on the notifications page', () => {
  it('subscribes to a monthly report and unsubscribes from a quarterly one', async () => {
    let items: unknown[] = [subscription];
    const api = dashboardSession('user', {
      'GET /liftwacht/subscriptions': { body: { data: { email: 'demo@example.test', channel: 'email', items: [] } } },
      'GET /liftwacht/report-subscriptions': () => ({ body: { data: { items } } }),
      'POST /liftwacht/report-subscriptions': () => {
        items = [
          {
            organisationId: 1,
            organisationName: 'Liftwacht Vastgoed',
            cadence: 'monthly',
            createdAt: subscription.createdAt,
          },
          subscription,
        ];
        return { body: { data: { items } } };
      },
      'DELETE /liftwacht/report-subscriptions/2/quarterly': () => {
        items = items.slice(0, 1);
        return { body: { data: { items } } };
      },
    });
    renderApp('/subscriptions');

    const list = await screen.findByRole('list', { name: 'Uw geplande rapporten' });
    expect(within(list).getByText('Woonstichting Noord')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(api.callsTo('POST /liftwacht/report-subscriptions')[0]?.body).toEqual({
      organisationId: 1,
      cadence: 'monthly',
    });
    expect(await within(list).findByText('Liftwacht Vastgoed')).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Afmelden voor het per kwartaal rapport van Woonstichting Noord' }),
    );
    expect(await screen.findByRole('button', { name: 'Aanmelden' })).toBeEnabled();
    expect(within(list).queryByText('Woonstichting Noord')).not.toBeInTheDocument();
  });
});
