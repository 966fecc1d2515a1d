// One HTTP attempt of a delivery: POST the body to the checked address (the URL's host stays in
// the Host header and TLS server name), no redirects followed, a time limit for the whole attempt,
// and the answer read only as far as a short excerpt for the log.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { WebhookTarget } from './webhook-address.ts';

export interface WebhookAttempt {
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** Time until the answer's headers (or the failure), in milliseconds. */
  ms: number;
  /** null on a 2xx; else what went wrong, for the delivery log. */
  error: string | null;
}

const responseExcerptBytes = 512;

export function postWebhook(
  target: WebhookTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<WebhookAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Connect to the address that was checked, whatever the name resolves to by now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const { address, family } = target.address;
    if ((options as { all?: boolean }).all) {
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    } else {
      callback(null, address, family);
    }
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    /** The answer's status and time, once its headers came. */
    let answered: { status: number; ms: number } | null = null;
    let excerpt = '';
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const outcome = (status: number, ms: number): WebhookAttempt => {
      if (status >= 200 && status < 300) return { status, ms, error: null };
      const text = excerpt.slice(0, responseExcerptBytes).trim();
      const error =
        status >= 300 && status < 400
          ? `HTTP ${String(status)}: redirects are not followed`
          : `HTTP ${String(status)}${text ? `: ${text}` : ''}`;
      return { status, ms, error };
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        // A connection of its own: a pooled one could have been made to another address.
        agent: false,
      },
      (response) => {
        answered = { status: response.statusCode ?? 0, ms: elapsed() };
        const { status, ms } = answered;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < responseExcerptBytes) excerpt += chunk;
          if (excerpt.length >= responseExcerptBytes) response.destroy();
        });
        const done = () => finish(outcome(status, ms));
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // The limit runs to the answer's headers; a body still trickling in then is cut off, and the
    // status that came counts.
    const timer = setTimeout(() => {
      request.destroy();
      finish(
        answered
          ? outcome(answered.status, answered.ms)
          : { status: null, ms: elapsed(), error: `no answer within ${String(timeoutMs / 1000)} s` },
      );
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => {
      finish({ status: null, ms: elapsed(), error: err.code ? `${err.code}: ${err.message}` : err.message });
    });
    request.end(body);
  });
}
