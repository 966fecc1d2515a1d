// Sockets per user (SOCKETS_PER_USER, docs/realtime.md §4): counted in this process without Redis,
// and in Redis shared by every node with REDIS_URL, so a user cannot open the cap on each node.
//
// In Redis each user has a sorted set `liftwacht:sockets:{userId}` of `{node}:{socketId}` members
// scored by when they expire (Redis' clock). A claim drops the expired members, counts and adds in
// one script, so two handshakes at once cannot both take the last place; a release removes the
// member. Each node refreshes its members' scores every heartbeat, so the sockets of a node that
// crashed (and never released them) stop counting within socketLeaseMs. While Redis cannot be
// reached a node counts its own sockets only (logged), like the login limits: a handshake never
// fails because of Redis.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedisClient } from '../../lib/redis-client-close.ts';

export interface UserSocketCounter {
  /** Takes one of the user's places for socketId; false when the user has `limit` sockets open. */
  claim(userId: number, socketId: string, limit: number): Promise<boolean>;
  /** Gives the place back (idempotent). */
  release(userId: number, socketId: string): void;
  close(): Promise<void>;
}

/** How long a socket counts in Redis without its node refreshing it. */
export const socketLeaseMs = 60_000;
// A handshake must not wait for a Redis that does not answer: past this it is counted locally.
const redisCommandTimeoutMs = 1000;
const redisStartWaitMs = 5000;

/** This node's sockets per user id (a handshake in progress too). */
class LocalSockets {
  readonly byUser = new Map<number, Set<string>>();

  count(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  add(userId: number, socketId: string): void {
    const ids = this.byUser.get(userId) ?? new Set<string>();
    ids.add(socketId);
    this.byUser.set(userId, ids);
  }

  /** Whether the socket was counted. */
  delete(userId: number, socketId: string): boolean {
    const ids = this.byUser.get(userId);
    const had = ids?.delete(socketId) ?? false;
    if (ids?.size === 0) this.byUser.delete(userId);
    return had;
  }
}

export function memoryUserSockets(): UserSocketCounter {
  const local = new LocalSockets();
  return {
    claim(userId, socketId, limit) {
      if (local.count(userId) >= limit) return Promise.resolve(false);
      local.add(userId, socketId);
      return Promise.resolve(true);
    },
    release(userId, socketId) {
      local.delete(userId, socketId);
    },
    close: () => Promise.resolve(),
  };
}

// KEYS[1] the user's set; ARGV: limit, member, lease ms. 1 when the member was added (or was there).
const claimScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[2]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

// KEYS: the users' sets; ARGV[1] lease ms, then per key the number of members and the members.
// Refreshes only members still there (XX): one released meanwhile is not brought back.
const refreshScript = `
local t = redis.call('TIME')
local expires = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
local i = 2
for k = 1, #KEYS do
  local n = tonumber(ARGV[i])
  for m = 1, n do redis.call('ZADD', KEYS[k], 'XX', expires, ARGV[i + m]) end
  redis.call('PEXPIRE', KEYS[k], tonumber(ARGV[1]))
  i = i + n + 1
end
return 0`;

const userKey = (userId: number) => `liftwacht:sockets:${String(userId)}`;

type ScriptClient = Redis & {
  claimSocket(key: string, limit: number, member: string, leaseMs: number): Promise<number>;
  refreshSockets(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
};

/** leaseMs: how long a member counts unrefreshed; the node refreshes its members every third of it. */
export async function redisUserSockets(
  url: string,
  log: FastifyBaseLogger,
  leaseMs = socketLeaseMs,
): Promise<UserSocketCounter> {
  // Loaded only here: without REDIS_URL, a start need not load a Redis client.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    protocol: 2,
    connectionName: 'liftwacht-socket-counts',
    // Fail at once while disconnected (the node then counts locally) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: redisCommandTimeoutMs,
    lazyConnect: true,
  }) as ScriptClient;
  client.defineCommand('claimSocket', { numberOfKeys: 1, lua: claimScript });
  client.defineCommand('refreshSockets', { lua: refreshScript });
  let lastLog = 0;
  const unavailable = (err: unknown) => {
    // ioredis retries by itself; one line per 10 s is enough to see that it is down.
    if (Date.now() - lastLog < 10_000) return;
    lastLog = Date.now();
    log.error(
      { err: err instanceof Error ? err.message : String(err) },
      'redis (socket counts) unavailable: sockets per user count per node until it is back',
    );
  };
  client.on('error', unavailable);
  // A node that starts during an outage still starts, counting locally until Redis is there.
  await Promise.race([client.connect(), sleep(redisStartWaitMs, undefined, { ref: false })]).catch(unavailable);

  const node = randomUUID();
  const member = (socketId: string) => `${node}:${socketId}`;
  const local = new LocalSockets();
  /** Sockets counted locally only (Redis did not answer their claim): never released in Redis. */
  const localOnly = new Set<string>();

  const heartbeat = setInterval(() => {
    const args: (string | number)[] = [leaseMs];
    const keys: string[] = [];
    for (const [userId, ids] of local.byUser) {
      const members = [...ids].filter((id) => !localOnly.has(id)).map(member);
      if (members.length === 0) continue;
      keys.push(userKey(userId));
      args.push(members.length, ...members);
    }
    if (keys.length === 0) return;
    client.refreshSockets(keys.length, ...keys, ...args).catch(unavailable);
  }, leaseMs / 3);
  heartbeat.unref();

  return {
    async claim(userId, socketId, limit) {
      try {
        const added = await client.claimSocket(userKey(userId), limit, member(socketId), leaseMs);
        if (added !== 1) return false;
      } catch (err) {
        unavailable(err);
        if (local.count(userId) >= limit) return false;
        localOnly.add(socketId);
      }
      local.add(userId, socketId);
      return true;
    },
    release(userId, socketId) {
      if (!local.delete(userId, socketId)) return;
      if (localOnly.delete(socketId)) return;
      // Not awaited: a close must not wait on Redis; a member left behind expires with its lease.
      client.zrem(userKey(userId), member(socketId)).catch(unavailable);
    },
    async close() {
      clearInterval(heartbeat);
      // This node's sockets are closing with it: give their places back at once.
      const pipeline = client.pipeline();
      for (const [userId, ids] of local.byUser) {
        for (const id of ids) if (!localOnly.has(id)) pipeline.zrem(userKey(userId), member(id));
      }
      await pipeline.exec().catch(() => undefined);
      await closeRedisClient(client);
    },
  };
}
