// Socket.IO on Fastify's own HTTP server at /liftwacht/socket.io, websocket transport only. With
// REDIS_URL the Redis adapter carries room broadcasts to every node, so a message ingested on node
// A reaches a browser connected to node B. What sockets may do is the realtime module's business.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { closeRedisClient } from '../lib/redis-client-close.ts';
import { Server } from 'socket.io';
import { socketPath, type ClientToServerEvents, type ServerToClientEvents } from '@liftwacht/contracts/realtime';
import { useDirectFrames } from '../modules/realtime/direct-frames.ts';
import { WebSocketLinks } from '../modules/realtime/websocket-links.ts';

export type LiftwachtIo = Server<ClientToServerEvents, ServerToClientEvents>;

declare module 'fastify' {
  interface FastifyInstance {
    io: LiftwachtIo;
    /** Whether the Redis adapter (when configured) is connected. */
    socketAdapterStatus: () => 'memory' | 'ok' | 'failed';
    /** For the readiness probe: resolves once Redis answers a PING (at once without Redis). */
    socketAdapterPing: () => Promise<void>;
  }
}

const redisReadyTimeoutMs = 10_000;

async function connectRedis(url: string, app: FastifyInstance): Promise<{ pub: Redis; sub: Redis }> {
  // Loaded only here: without REDIS_URL, a start need not load a Redis client.
  const { Redis } = await import('ioredis');
  // RESP2: the adapter's pub/sub listeners are written against it.
  const pub = new Redis(url, { protocol: 2, lazyConnect: true, connectionName: 'liftwacht-socket-pub' });
  const sub = pub.duplicate({ connectionName: 'liftwacht-socket-sub' });
  let lastLog = 0;
  for (const client of [pub, sub]) {
    client.on('error', (err: Error) => {
      // ioredis retries by itself; one line per 10 s is enough to see that it is down.
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        app.log.error({ err: err.message }, 'redis (socket adapter) error');
      }
    });
  }
  // The adapter publishes without awaiting; a publish failing during a Redis outage must not
  // become an unhandled rejection that ends the process.
  const publish = pub.publish.bind(pub);
  Object.assign(pub, {
    publish: (channel: string | Buffer, message: string | Buffer) => {
      const result = publish(channel, message);
      result.catch(() => undefined);
      return result;
    },
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`Redis at REDIS_URL not reachable within 10 s`)), redisReadyTimeoutMs).unref(),
  );
  try {
    await Promise.race([Promise.all([pub.connect(), sub.connect()]), timeout]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw err;
  }
  return { pub, sub };
}

export const socketIoPlugin = fp(
  async (app: FastifyInstance) => {
    // ws' own server, remembering the TCP socket under each connection for direct frame writes.
    const links = new WebSocketLinks();
    const io: LiftwachtIo = new Server(app.server, {
      wsEngine: links.engine,
      path: socketPath,
      transports: ['websocket'],
      serveClient: false,
      // Clients only send small requests; anything larger is not a Liftwacht client.
      maxHttpBufferSize: 64 * 1024,
      connectTimeout: 20_000,
    });
    let redis: { pub: Redis; sub: Redis } | null = null;
    if (app.config.redisUrl) {
      redis = await connectRedis(app.config.redisUrl, app);
      const { createAdapter } = await import('@socket.io/redis-adapter');
      io.adapter(createAdapter(redis.pub, redis.sub, { key: 'liftwacht' }));
    } else {
      // Room broadcasts as one prepared frame and one write per socket (with Redis: Socket.IO's path).
      useDirectFrames(io, links);
    }
    app.decorate('io', io);
    app.decorate('socketAdapterStatus', () => {
      if (!redis) return 'memory';
      return redis.pub.status === 'ready' && redis.sub.status === 'ready' ? 'ok' : 'failed';
    });
    app.decorate('socketAdapterPing', async () => {
      if (!redis) return;
      // The subscriber connection carries every broadcast from other nodes; it must be up too.
      if (redis.sub.status !== 'ready') throw new Error(`Redis subscriber ${redis.sub.status}`);
      await redis.pub.ping();
    });

    // Upgraded websockets are not Fastify's connections: without this, closing the HTTP server would
    // wait for every browser to leave.
    app.addHook('preClose', (done) => {
      io.disconnectSockets(true);
      io.engine.close();
      done();
    });
    app.addHook('onClose', async () => {
      if (!redis) return;
      await Promise.all([closeRedisClient(redis.pub), closeRedisClient(redis.sub)]);
    });
  },
  { name: 'socket-io', dependencies: ['core'] },
);
