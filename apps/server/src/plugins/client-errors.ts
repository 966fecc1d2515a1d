// Errors that happen before a request reaches the router: a malformed request line or headers
// (Node's HTTP parser) and a URL Fastify cannot decode. Both answer with DESIGN §5's envelope like
// every other error, instead of the framework's own body.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

type ConnectionError = Error & { code?: string };

const parserErrors: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request line or headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'The request took too long to arrive' },
};
const malformed = { status: 400, code: 'malformed_request', message: 'The request is not valid HTTP' };

/** Fastify's clientErrorHandler: writes the envelope on the raw socket and closes it. */
export function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = (err.code ? parserErrors[err.code] : undefined) ?? malformed;
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's frameworkErrors: a URL that does not decode (`/liftwacht/%%`) is a 400 in the envelope. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  void reply.code(badUrl ? 400 : 500).send({
    error: badUrl
      ? { code: 'malformed_request', message: 'The request URL is not valid' }
      : { code: 'internal_error', message: 'Internal server error' },
  });
}
