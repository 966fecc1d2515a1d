// Errors that happen before a request reaches the router: a malformed request line or headers
// (Node's HTTP parser) and a URL Fastify cannot decode. Both answer with DESIGN §5's envelope like
// every other error, instead of the framework's own body.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
export function clientErrorHandler(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = (err.code ? parserErrors[err.code] : undefined) ?? malformed;
  this.log.debug({ err: err.message, code: err.code }, 'client error before routing');
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const routerErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'malformed_request', message: 'The request URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'A part of the request path is too long' },
};

/**
 * Fastify's frameworkErrors, raised by the router before any route: a URL that does not decode
 * (`/liftwacht/%%`) or a path parameter over 100 characters. Fastify's own bodies would quote the
 * whole URL back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code ? routerErrors[error.code] : undefined;
  const clientError = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
  const { status, code, message } =
    known ??
    (clientError
      ? { status: error.statusCode ?? 400, code: 'malformed_request', message: 'The request is not valid' }
      : { status: 500, code: 'internal_error', message: 'Internal server error' });
  // The router fails before any hook, so helmet's headers are not on this answer yet.
  void reply.code(status).header('x-content-type-options', 'nosniff').send({ error: { code, message } });
}
