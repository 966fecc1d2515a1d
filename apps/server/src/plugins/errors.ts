// Every error leaves the server as DESIGN §5's envelope: { error: { code, message, field? } },
// including validation failures, malformed JSON, unknown routes and crashes (without internals).
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '@liftwacht/contracts/common';
import { AppError } from '../lib/app-error.ts';
import { excerpt } from '../lib/excerpt.ts';
import { replyIfDatabaseUnavailable } from '../lib/database-errors.ts';

type Envelope = ErrorResponse['error'];

const contentTypeErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    message: 'The request body is empty but declared as JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json',
  },
};

function validationEnvelope(err: FastifyError & { validationContext?: string }): Envelope {
  const where = err.validationContext ?? 'body';
  // Messages may quote the input (an unknown key): excerpts only, and the first few problems.
  const details = (err.validation ?? []).slice(0, 10).map((v) => {
    const path = excerpt(v.instancePath.replace(/^\//, '').replaceAll('/', '.'));
    return { field: path || where, message: excerpt(v.message ?? 'is invalid') };
  });
  const first = details[0] ?? { field: where, message: 'is invalid' };
  return {
    code: 'validation_failed',
    message: `${first.field}: ${first.message}`,
    field: first.field,
    details,
  };
}

export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      // The database down, restarting or too slow: 503 with Retry-After (lib/database-errors.ts).
      if (replyIfDatabaseUnavailable(err, request, reply)) return reply;
      if (err instanceof AppError) {
        if (err.headers) void reply.headers(err.headers);
        return reply.code(err.statusCode).send({
          error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) },
          ...err.body,
        });
      }
      if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
        return reply.code(400).send({ error: validationEnvelope(err) });
      }
      const known = err.code ? contentTypeErrors[err.code] : undefined;
      if (known) return reply.code(known.status).send({ error: { code: known.code, message: known.message } });
      if (err.statusCode === 429) {
        return reply.code(429).send({ error: { code: 'rate_limited', message: 'Too many requests, try again later' } });
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        request.log.info({ err }, 'client error');
        return reply.code(err.statusCode).send({ error: { code: 'unprocessable', message: excerpt(err.message) } });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: { code: 'internal_error', message: 'Internal server error' } });
    });

    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({
        error: {
          code: 'not_found',
          message: `No route for ${request.method} ${excerpt(request.url.split('?')[0] ?? '')}`,
        },
      }),
    );
  },
  { name: 'errors' },
);
