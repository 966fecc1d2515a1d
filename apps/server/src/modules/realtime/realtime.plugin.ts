// Wires the realtime socket: who may connect and listen (service + socket handlers) and the
// publisher that ingest uses to reach listening browsers, as app.realtime.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RealtimePublisher } from './realtime-publisher.ts';
import { RealtimeRepository } from './realtime.repository.ts';
import { RealtimeService } from './realtime.service.ts';
import { registerSocketHandlers, socketSweepIntervalMs } from './realtime.socket.ts';
import { SenseTokenSigner } from './sense-tokens.ts';
import { endSockets } from './session-sockets.ts';
import { memoryUserSockets, redisUserSockets } from './socket-budget-users.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      publisher: RealtimePublisher;
      service: RealtimeService;
      /** Closes this node's sockets whose session or grant has gone unannounced (runs every 15 s). */
      sweepSockets: () => Promise<void>;
    };
  }
}

export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const service = new RealtimeService(
      new RealtimeRepository(app.db),
      new SenseTokenSigner(app.config.jwtSecret),
      app.tokens,
      app.sessions,
      app.access,
      app.clock,
      { senseTokenTtlSeconds: app.config.senseTokenTtlSeconds, allowedOrigins: app.config.socketAllowedOrigins },
    );
    const log = app.log.child({ module: 'realtime' });
    // SOCKETS_PER_USER holds across nodes: with REDIS_URL the sockets are counted in Redis.
    const userSockets = app.config.redisUrl ? await redisUserSockets(app.config.redisUrl, log) : memoryUserSockets();
    const handlers = registerSocketHandlers(app.io, service, log, app.config.socketBudget, userSockets);
    // The sweep catches changes made straight in the database; the scopes it reads are kept in the
    // node's auth cache, which hears of such a commit by its NOTIFY a moment later. A barrier first
    // (one notification per sweep), so a sweep never judges by a scope older than its own start.
    const sweep = async () => {
      await app.authState.sync();
      await handlers.sweep();
    };
    const sweeping = setInterval(() => {
      sweep().catch((err: unknown) => log.warn({ err }, 'socket sweep failed; trying again next time'));
    }, socketSweepIntervalMs);
    sweeping.unref();
    // Logout, reset, disable and revoked access close the sockets that session or scope opened.
    const unsubscribe = app.sessionEnds.subscribe((end) => endSockets(app.io, end));
    const publisher = new RealtimePublisher(app.io, app.socketAdapterStatus() !== 'memory');
    app.decorate('realtime', { publisher, service, sweepSockets: sweep });
    app.metrics.readSockets(() => app.io.of('/').sockets.size);
    app.addHook('onClose', () => {
      unsubscribe();
      clearInterval(sweeping);
      publisher.close();
      return userSockets.close();
    });
  },
  { name: 'realtime', dependencies: ['core', 'auth', 'access', 'socket-io', 'metrics'] },
);
