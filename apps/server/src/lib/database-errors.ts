// Tells a database that is down, restarting or too slow apart from a bug, so a request answers
// 503 with Retry-After (the client may simply try again) instead of 500, and background loops log
// a warning instead of an alarm. Only errors of the PostgreSQL driver (node-postgres) and the
// network count: PGlite runs inside the process, so an error of its is never an outage.
import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';

/** `outage`: no connection to the database; `timeout`: a statement ran into the statement timeout. */
export type DatabaseUnavailability = 'outage' | 'timeout';

/**
 * An unavailability that lost its original error on the way, e.g. across the ingest worker's
 * thread boundary, where only a message survives.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';

  constructor(
    message: string,
    readonly reason: DatabaseUnavailability,
  ) {
    super(message);
  }
}

const outageSqlStates = new Set([
  '57P01', // admin_shutdown: the server is stopping (pg_ctl stop/restart -m fast) or killed this backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '08000', // connection_exception and its kinds
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

// query_canceled: the statement timeout (or an administrator's pg_cancel_backend).
const timeoutSqlStates = new Set(['57014']);

const networkErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// node-postgres and pg-pool report a lost or unobtainable connection with these messages only.
const driverOutageMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function classifyOne(err: object): DatabaseUnavailability | null {
  if (err instanceof DatabaseUnavailableError) return err.reason;
  const code = (err as { code?: unknown }).code;
  if (err instanceof pg.DatabaseError && typeof code === 'string') {
    if (timeoutSqlStates.has(code)) return 'timeout';
    if (outageSqlStates.has(code)) return 'outage';
    return null;
  }
  // A system error of the socket to the server (node-postgres passes those on unchanged).
  if (typeof code === 'string' && networkErrorCodes.has(code) && 'syscall' in err) return 'outage';
  if (err instanceof Error && driverOutageMessages.some((m) => err.message.startsWith(m))) return 'outage';
  return null;
}

/**
 * Whether `err` (or what it wraps: Drizzle's query error keeps the driver's as `cause`, a failed
 * connect to a host name with several addresses is an AggregateError) means the database is
 * unavailable for now, and how.
 */
export function databaseUnavailability(err: unknown): DatabaseUnavailability | null {
  return findUnavailability(err)?.reason ?? null;
}

function findUnavailability(err: unknown): { reason: DatabaseUnavailability; cause: object } | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const reason = classifyOne(current);
    if (reason) return { reason, cause: current };
    queue.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...(inner as unknown[]));
  }
  return null;
}

/** Seconds a client should wait before trying again. */
export const retryAfterSeconds: Record<DatabaseUnavailability, number> = { outage: 5, timeout: 30 };

const messages: Record<DatabaseUnavailability, string> = {
  outage: 'The service is temporarily unavailable; try again in a few seconds',
  timeout: 'The request took too long and was stopped; try again later, or ask for less (a shorter period)',
};

/**
 * Answers 503 `unavailable` with Retry-After when `err` means the database is unavailable, without
 * its internals; false (nothing sent) otherwise. For the app's error handler.
 */
export function replyIfDatabaseUnavailable(err: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  const found = findUnavailability(err);
  if (!found) return false;
  const { reason, cause } = found;
  // A warning, not an error: an outage is for operations to see (/ready says so too), not a bug.
  // The driver's words only: during an outage every request logs this, and the failed query's
  // text and parameters (a session id) would only add bulk.
  request.log.warn(
    {
      reason,
      code: (cause as { code?: unknown }).code,
      cause: cause instanceof Error ? cause.message : undefined,
    },
    reason === 'timeout' ? 'statement timeout' : 'database unavailable',
  );
  void reply
    .code(503)
    .header('retry-after', String(retryAfterSeconds[reason]))
    .send({ error: { code: 'unavailable', message: messages[reason] } });
  return true;
}
