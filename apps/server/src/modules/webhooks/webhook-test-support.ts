// A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records what it is sent and
// answers what the test asks; and registering an endpoint through the API.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { WebhookKind, WebhookWithSecret } from '@liftwacht/contracts/webhooks';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status of the next answers (default 204). */
  answer(status: number): void;
  close(): Promise<void>;
}

/** `delayMs`: how long each answer takes (to widen the window in which two senders could race). */
export async function startReceiver(delayMs = 0): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 204;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = status;
      setTimeout(() => {
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 400 ? 'receiver says no' : '');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/hook`,
    received,
    answer: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Registers an endpoint through POST /admin/webhooks and answers it with its secret. */
export async function registerEndpoint(
  app: FastifyInstance,
  token: string,
  body: { url: string; kinds: WebhookKind[]; organisationId?: number; description?: string },
): Promise<WebhookWithSecret> {
  const res = await app.inject({
    method: 'POST',
    url: '/liftwacht/admin/webhooks',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`registering failed: ${String(res.statusCode)} ${res.body}`);
  return res.json<{ data: WebhookWithSecret }>().data;
}
