// Issue 19: an admin registers a webhook for a receiver this flow runs on 127.0.0.1 (the server
// started with WEBHOOK_ALLOW_PRIVATE=true), sees its secret once, sends a test from the page, and
// finds the delivery — signed with that secret — in the log. axe checks the page and the dialogs.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { logInAt } from './support/lift-realtime.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: OwnServer;
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/liftwacht-hook`;
  server = await startOwnServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
});
test.afterAll(async () => {
  await server.dispose();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('an admin registers a webhook, sees its secret once, sends a test and finds it in the log', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAt(page, server.url);

  const beheer = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name: 'Beheer' });
  await beheer.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('Nog geen webhooks.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Webhook registreren' }).click();
  const form = page.getByRole('dialog', { name: 'Webhook registreren' });
  await form.getByRole('textbox', { name: 'Adres (https)' }).fill(receiverUrl);
  await form.getByRole('textbox', { name: 'Omschrijving' }).fill('Meldkamer e2e');
  // Only the test: the demo's own calls and events must not reach the receiver during the flow.
  for (const kind of ['Oproep ontvangen', 'Oproep bevestigd', 'Oproep beëindigd']) {
    await form.getByRole('checkbox', { name: kind }).uncheck();
  }
  await form.getByRole('checkbox', { name: 'Oproep geëscaleerd' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Registreren' }).click();

  // The secret, this once.
  const secretDialog = page.getByRole('dialog', { name: 'Geheim van de webhook' });
  await expect(secretDialog.getByText(/toont het hierna nooit meer/)).toBeVisible();
  const secret = await secretDialog.getByRole('textbox', { name: `Geheim voor ${receiverUrl}` }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  expect(await seriousViolations(page)).toEqual([]);
  await secretDialog.getByRole('button', { name: 'Ik heb het bewaard' }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meldkamer e2e' })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A test, sent from the page, arrives signed with that secret.
  await page.getByRole('button', { name: 'Test versturen' }).click();
  await expect(page.getByText(/De test is afgeleverd \(HTTP 204, \d+ ms\)\./)).toBeVisible();
  const ping = received.at(-1);
  if (!ping) throw new Error('the receiver got nothing');
  expect(ping.headers['liftwacht-kind']).toBe('ping');
  const [t, v1] = String(ping.headers['liftwacht-signature']).split(',');
  const timestamp = t?.replace('t=', '') ?? '';
  expect(v1).toBe(`v1=${createHmac('sha256', secret).update(`${timestamp}.${ping.body}`).digest('hex')}`);
  expect(JSON.parse(ping.body)).toMatchObject({ kind: 'ping', id: ping.headers['liftwacht-delivery'] });

  // And in the log.
  const log = page.getByRole('table', { name: 'Afleveringen' });
  const row = log.getByRole('row').filter({ hasText: 'Test' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Afgeleverd');
  await expect(row).toContainText('HTTP 204');
  expect(await seriousViolations(page)).toEqual([]);

  // Sent again from the log: the same delivery, a second attempt.
  await row.getByRole('button', { name: /opnieuw versturen/ }).click();
  await expect(page.getByText('Opnieuw verstuurd: Afgeleverd (HTTP 204).')).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  expect(received.at(-1)?.headers['liftwacht-delivery']).toBe(ping.headers['liftwacht-delivery']);
});
