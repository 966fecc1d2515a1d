// Idempotent writes as app.idempotency: a route whose request carries an Idempotency-Key runs its
// transaction once per (user, key); a repeat answers the first answer. A phone on a flaky
// connection retries, and a double tap sends twice, without recording twice. The key is claimed in
// the write's own transaction, so the write and its stored answer commit (or vanish) together: a
// failed write leaves the key free for the retry. The key belongs to one request — route,
// parameters and content (the JSON body, or a streamed upload's fields and file bytes) — so the
// same key with anything else answers 422 rather than another request's answer.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { idempotencyKeyHeader, idempotencyKeySchema } from '@liftwacht/contracts/visits';
import type { Db } from '../db/database.ts';
import { AppError, badRequest } from '../lib/app-error.ts';
import { principalOf } from './auth.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';

/** How long a repeat still gets the first answer. */
export const idempotencyTtlMs = 24 * 3600_000;

export interface IdempotentResult<T> {
  /** The answer, fresh or the stored one of the first request with this key. */
  body: T;
  /** false when the answer was replayed: the caller must not announce the change again. */
  fresh: boolean;
}

export interface IdempotencyOptions {
  /**
   * The request's content, for a body Fastify did not parse (a multipart upload read as a stream):
   * see uploadFingerprint. Without it, the validated JSON body is the content.
   */
  fingerprint?: string;
}

export interface Idempotency {
  /**
   * Runs `work` in a transaction, at most once per Idempotency-Key of the request's user (without
   * the header: every time). Sets the reply's status to the stored one on a replay.
   */
  transaction<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: Db) => Promise<T>,
    options?: IdempotencyOptions,
  ): Promise<IdempotentResult<T>>;
  /** Forgets expired keys; returns how many. */
  purgeExpired(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: Idempotency;
  }
}

/** The headers schema of a route that takes the key: optional, and a repeat answers the first answer. */
export const idempotencyHeaders = z.looseObject({ [idempotencyKeyHeader]: idempotencyKeySchema.optional() });

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/** A streamed upload's content for the request a key belongs to: its fields, file name and file bytes. */
export function uploadFingerprint(fields: unknown, file: { fileName: string; content: Buffer } | undefined): string {
  return JSON.stringify({ fields, file: file ? { name: file.fileName, sha256: sha256(file.content) } : null });
}

/**
 * The request a key belongs to: route, parameters and a hash of the content. The same key on
 * another route or object, or with other content, is refused.
 */
const requestOf = (request: FastifyRequest, fingerprint: string | undefined) =>
  `${request.method} ${request.routeOptions.url ?? ''} ${JSON.stringify(request.params ?? {})} ` +
  sha256(fingerprint ?? JSON.stringify(request.body ?? null));

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[idempotencyKeyHeader];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest('validation_failed', 'Idempotency-Key: 8–200 letters, digits, . : _ -', 'Idempotency-Key');
  return parsed.data;
}

export const idempotencyPlugin = fp(
  (app: FastifyInstance) => {
    const repository = new IdempotencyRepository();
    app.decorate('idempotency', {
      async transaction<T>(
        request: FastifyRequest,
        reply: FastifyReply,
        work: (tx: Db) => Promise<T>,
        options: IdempotencyOptions = {},
      ) {
        const key = keyOf(request);
        if (key === undefined) {
          const body = await app.db.transaction((tx) => work(tx as unknown as Db));
          return { body, fresh: true };
        }
        const { userId } = principalOf(request);
        const target = requestOf(request, options.fingerprint);
        return app.db.transaction(async (transaction): Promise<IdempotentResult<T>> => {
          const tx = transaction as unknown as Db;
          const now = app.clock.now();
          if (await repository.claim(tx, userId, key, target, now, new Date(now.getTime() + idempotencyTtlMs))) {
            const body = await work(tx);
            await repository.store(tx, userId, key, reply.statusCode, body);
            return { body, fresh: true };
          }
          const stored = await repository.stored(tx, userId, key);
          if (stored?.request !== target) {
            throw new AppError(
              422,
              'unprocessable',
              'This Idempotency-Key was used for another request',
              'Idempotency-Key',
            );
          }
          void reply.code(stored.statusCode);
          return { body: stored.response as T, fresh: false };
        });
      },
      purgeExpired: () => repository.purgeExpired(app.db, app.clock.now()),
    } satisfies Idempotency);
  },
  { name: 'idempotency', dependencies: ['core', 'auth'] },
);
