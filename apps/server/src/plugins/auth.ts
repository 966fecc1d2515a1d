// Authentication for every protected route: a Bearer token whose session is still live.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { unauthorized } from '../lib/app-error.ts';
import type { Principal, SessionUser } from './auth-sessions.repository.ts';
import { SessionsRepository, type LiveSession } from './auth-sessions.repository.ts';
import { authChannel, AuthStateCache } from './auth-state-cache.ts';
import { TokenSigner } from './auth-tokens.ts';
import { SessionEnds } from '../lib/session-ends.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    sessions: SessionsRepository;
    /** Say here when sessions end (logout, reset, disable, revoked access), so open sockets close. */
    sessionEnds: SessionEnds;
    /**
     * Principals and scopes kept in memory, forgotten on every change signal from the database (see
     * auth-state-cache.ts). Its sync() is what a changing request awaits before it answers.
     */
    authState: AuthStateCache;
    /** preHandler: rejects the request with 401 unless it carries a live access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    principal: SessionUser | null;
  }
}

/** The principal of an authenticated request (routes behind app.authenticate). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The signed-in user of an authenticated request, with what GET /user shows of it. */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Requests that change nothing the cache keeps need not wait for the change signals. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = new TokenSigner(app.config.jwtSecret);
    const sessions = new SessionsRepository(app.db);
    const authState = new AuthStateCache(async (payload) => {
      await app.db.execute(sql`select pg_notify(${authChannel}, ${payload})`);
    });
    app.decorate('authState', authState);
    const unlisten = await app.database.listen(authChannel, authState.handlers);
    app.addHook('onClose', () => unlisten());
    // A request that may have changed sessions, users, roles or grants answers only once this
    // node has had the signals of what it committed: the caller's next request here sees the change.
    // Module-key routes (ingest) touch none of it and are the busiest writers: they skip the wait.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (readOnlyMethods.has(request.method) || request.routeOptions.config.access === 'module-key') return payload;
      try {
        await authState.sync();
      } catch (err) {
        request.log.warn({ err }, 'auth change signal barrier failed; forgetting every kept principal');
        authState.invalidate();
      }
      return payload;
    });
    app.decorate('tokens', tokens);
    app.decorate('sessions', sessions);
    app.decorate('sessionEnds', new SessionEnds(app.log));
    app.decorateRequest('principal', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized('unauthorized', 'Missing Bearer access token');
      const now = app.clock.now();
      const verified = await tokens.verify(match[1], now);
      if (!verified.ok) {
        throw verified.reason === 'expired'
          ? unauthorized('token_expired', 'The access token has expired; log in again')
          : unauthorized('unauthorized', 'The access token is invalid');
      }
      const { sessionId, userId } = verified.claims;
      const live = await authState.get<LiveSession>('session', sessionId, () =>
        sessions.findLiveSession(sessionId, now),
      );
      // Kept answers are checked against the request's own clock and token.
      if (live?.user.userId !== userId || live.expiresAt.getTime() <= now.getTime()) {
        throw unauthorized('session_revoked', 'The session has ended; log in again');
      }
      request.principal = live.user;
    });
  },
  { name: 'auth', dependencies: ['core'] },
);
