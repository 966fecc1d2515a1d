import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { listBody, webhookDelivery, webhookEndpoint, webhookSession } from '../testing/webhook-api.ts';

const location = () => screen.getByTestId('location').textContent;
const slow = { timeout: 15_000 };

describe('WebhooksPage', () => {
  it('lists the webhooks with their last delivery', async () => {
    webhookSession('admin', {
      'GET /liftwacht/admin/webhooks': listBody([
        webhookEndpoint(7, { lastDeliveryAt: '2026-11-20T09:15:00Z', lastDeliveryStatus: 'failed' }),
        webhookEndpoint(8, { enabled: false, description: '' }),
      ]),
    });
    renderApp('/admin/webhooks');
    const table = await screen.findByRole('table', { name: 'Webhooks' }, slow);
    expect(within(table).getByRole('link', { name: 'https://meldkamer.example.nl/hooks/7' })).toHaveAttribute(
      'href',
      '/admin/webhooks/7',
    );
    expect(within(table).getByText('Mislukt')).toBeInTheDocument();
    expect(within(table).getByText('Nog niets verstuurd')).toBeInTheDocument();
    expect(within(table).getByText('Uit')).toBeInTheDocument();
    expect(within(table).getAllByText('2 soorten')).toHaveLength(2);
    // An admin's list is its own organisation's: no organisation column.
    expect(within(table).queryByRole('columnheader', { name: 'Organisatie' })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(menu).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/admin/webhooks');
  });

  it('registers a webhook, shows its secret once, then opens its page', async () => {
    const created = webhookEndpoint(9, { url: 'https://hooks.example.nl/lw', kinds: ['event.opened'] });
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'url host hooks.example.nl resolves to a private address',
          field: 'url',
        },
      },
    };
    const api = webhookSession('admin', {
      'POST /liftwacht/admin/webhooks': () => answer,
      'GET /liftwacht/admin/webhooks/9': { body: { data: created } },
      'GET /liftwacht/admin/webhooks/9/deliveries': listBody([]),
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Webhook registreren' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook registreren' });
    const url = within(dialog).getByRole('textbox', { name: 'Adres (https)' });

    // Nothing chosen: the browser names the fields before anything is sent.
    await user.clear(url);
    await user.type(url, 'hooks');
    for (const kind of ['Oproep ontvangen', 'Oproep bevestigd', 'Oproep beëindigd']) {
      await user.click(within(dialog).getByRole('checkbox', { name: kind }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    expect(within(dialog).getByText(/Vul een volledig https-adres in/)).toBeInTheDocument();
    expect(within(dialog).getByText('Kies minstens één soort.')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/webhooks')).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'https://hooks.example.nl/lw');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Event begonnen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    expect(await within(dialog).findByText(/resolves to a private address/)).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example.nl/lw',
      description: '',
      kinds: ['event.opened'],
      enabled: true,
    });

    answer = { status: 201, body: { data: { endpoint: created, secret: 'whsec_geheim123' } } };
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    const secret = await screen.findByRole('dialog', { name: 'Geheim van de webhook' });
    expect(within(secret).getByRole('textbox', { name: 'Geheim voor https://hooks.example.nl/lw' })).toHaveValue(
      'whsec_geheim123',
    );
    await user.click(within(secret).getByRole('button', { name: 'Ik heb het bewaard' }));
    await waitFor(() => expect(location()).toBe('/admin/webhooks/9'));
    expect(await screen.findByRole('heading', { name: 'Meldkamer' }, slow)).toBeInTheDocument();
    expect(screen.queryByText('whsec_geheim123')).not.toBeInTheDocument();
  });

  it('is not there for a user: no menu entry, no request', async () => {
    const api = webhookSession('user');
    renderApp('/admin/webhooks');
    expect(await screen.findByRole('heading', { name: 'Webhooks' }, slow)).toBeInTheDocument();
    expect(screen.getByText('U heeft geen toegang tot deze pagina.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/admin/webhooks')).toHaveLength(0);
  });
});

describe('WebhookPage', () => {
  it('sends a test, shows its outcome, lists the log and sends a delivery again', async () => {
    const failed = webhookDelivery(31, {
      status: 'failed',
      attempts: 8,
      responseStatus: 500,
      lastError: 'HTTP 500: receiver says no',
      deliveredAt: null,
    });
    const api = webhookSession('admin', {
      'GET /liftwacht/admin/webhooks/7': { body: { data: webhookEndpoint(7) } },
      'GET /liftwacht/admin/webhooks/7/deliveries': listBody([failed, webhookDelivery(30)]),
      'POST /liftwacht/admin/webhooks/7/test': {
        body: { data: webhookDelivery(32, { kind: 'ping', responseStatus: 200, responseTimeMs: 12 }) },
      },
      'POST /liftwacht/admin/webhooks/7/deliveries/31/resend': {
        body: { data: { ...failed, status: 'delivered', attempts: 9, responseStatus: 200, lastError: null } },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks/7');
    expect(await screen.findByRole('heading', { name: 'Meldkamer' }, slow)).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'Afleveringen' });
    expect(within(log).getByText('HTTP 500: receiver says no')).toBeInTheDocument();
    expect(within(log).getAllByText('42 ms')).toHaveLength(2);
    expect(within(log).getByText('Afgeleverd')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Test versturen' }));
    expect(await screen.findByText('De test is afgeleverd (HTTP 200, 12 ms).')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/webhooks/7/test')).toHaveLength(1);

    const [resend] = within(log).getAllByRole('button', { name: /opnieuw versturen/ });
    if (!resend) throw new Error('no re-send button');
    await user.click(resend);
    expect(await screen.findByText('Opnieuw verstuurd: Afgeleverd (HTTP 200).')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/admin/webhooks/7/deliveries/31/resend')).toHaveLength(1);
  });

  it('renews the secret after asking, and shows the new one once', async () => {
    const api = webhookSession('admin', {
      'GET /liftwacht/admin/webhooks/7': { body: { data: webhookEndpoint(7, { version: 4 }) } },
      'GET /liftwacht/admin/webhooks/7/deliveries': listBody([]),
      'POST /liftwacht/admin/webhooks/7/secret': {
        body: { data: { endpoint: webhookEndpoint(7, { version: 5 }), secret: 'whsec_nieuw' } },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks/7');
    await user.click(await screen.findByRole('button', { name: 'Nieuw geheim' }, slow));
    const confirm = await screen.findByRole('dialog', { name: 'Nieuw geheim maken?' });
    await user.click(within(confirm).getByRole('button', { name: 'Nieuw geheim maken' }));
    const secret = await screen.findByRole('dialog', { name: 'Geheim van de webhook' });
    expect(within(secret).getByRole('textbox')).toHaveValue('whsec_nieuw');
    expect(api.callsTo('POST /liftwacht/admin/webhooks/7/secret')[0]?.body).toEqual({ version: 4 });
    expect(screen.getByText('Nog geen afleveringen.')).toBeInTheDocument();
  });
});
