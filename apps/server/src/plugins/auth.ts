// Authentication for every protected route: a Bearer token whose session is still live.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.ts';
import type { Principal } from './auth-sessions.repository.ts';
import { SessionsRepository } from './auth-sessions.repository.ts';
import { TokenSigner } from './auth-tokens.ts';
import { SessionEnds } from '../lib/session-ends.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    sessions: SessionsRepository;
    /** Say here when sessions end (logout, reset, disable, revoked access), so open sockets close. */
    sessionEnds: SessionEnds;
    /** preHandler: rejects the request with 401 unless it carries a live access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The principal of an authenticated request (routes behind app.authenticate). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export const authPlugin = fp(
  (app: FastifyInstance) => {
    const tokens = new TokenSigner(app.config.jwtSecret);
    const sessions = new SessionsRepository(app.db);
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
      const principal = await sessions.findPrincipal(verified.claims.sessionId, verified.claims.userId, now);
      if (!principal) throw unauthorized('session_revoked', 'The session has ended; log in again');
      request.principal = principal;
    });
  },
  { name: 'auth', dependencies: ['core'] },
);
