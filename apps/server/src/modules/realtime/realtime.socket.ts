// The socket's "routes": the handshake check and one handler per client event. Each validates its
// payload, asks the service, and answers through the acknowledgement as { data } or { error }.
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  esNumberRequestSchema,
  organisationRequestSchema,
  socketTokenQueryParameter,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketError,
} from '@liftwacht/contracts/realtime';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';
import { moduleRoom, organisationRoom } from './realtime-publisher.ts';
import { joinSessionRooms } from './session-sockets.ts';
import { refusalWindowMs, refusalsBeforeDisconnect, SocketBudget } from './socket-budget.ts';
import type { UserSocketCounter } from './socket-budget-users.ts';
import { SocketRefusal, type RealtimeService, type SocketIdentity } from './realtime.service.ts';

type LiftwachtSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** A socket following more organisations than this is not a dashboard. */
const maxOrganisationsPerSocket = 50;

function refusalOf(err: unknown, log: FastifyBaseLogger): SocketError {
  if (err instanceof SocketRefusal) return { error: { code: err.code, message: err.message } };
  log.error({ err }, 'socket request failed');
  return { error: { code: 'internal_error', message: 'Internal server error' } };
}

/** The budgets of config.socketBudget: per socket, and sockets per user (on every node with Redis). */
export interface SocketLimits {
  ratePerSecond: number;
  burst: number;
  maxInFlight: number;
  socketsPerUser: number;
}

const rateLimited: SocketError = {
  error: { code: 'rate_limited', message: 'Too many requests on this socket; wait for the answers and slow down' },
};

const userIdOf = (identity: SocketIdentity) => (identity.kind === 'lift' ? identity.userId : identity.principal.userId);

/** Event families with a bucket each: a page that listens a lot may still read, and the reverse. */
type EventFamily = 'listen' | 'read' | 'organisation';

function firstString(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/** How often each node checks its sockets' sessions and grants, for changes nobody announced. */
export const socketSweepIntervalMs = 15_000;

/**
 * Registers the handshake and the handlers. Returns the sweep that closes the sockets whose session
 * or grant has gone without an announcement (app.sessionEnds covers everything the app itself
 * ends, within a second; this catches expiry and changes made straight in the database).
 */
export function registerSocketHandlers(
  io: LiftwachtIo,
  service: RealtimeService,
  log: FastifyBaseLogger,
  limits: SocketLimits,
  /** The user's sockets, counted from the handshake on (a handshake in progress too). */
  userSockets: UserSocketCounter,
): { sweep: () => Promise<void> } {
  const identities = new WeakMap<LiftwachtSocket, SocketIdentity>();

  io.use((socket, next) => {
    void (async () => {
      try {
        service.checkOrigin(socket.handshake.headers.origin);
        const auth = socket.handshake.auth as Record<string, unknown> | undefined;
        const token = firstString(socket.handshake.query[socketTokenQueryParameter]) ?? auth?.token;
        const identity = await service.authenticate(token);
        // The new socket is refused, not the oldest closed: an open page keeps working, and the
        // page that asks for one socket too many is the one told so.
        const userId = userIdOf(identity);
        if (!(await userSockets.claim(userId, socket.id, limits.socketsPerUser))) {
          log.warn({ userId, limit: limits.socketsPerUser }, 'socket refused: the user has too many sockets open');
          throw new SocketRefusal(
            'too_many_sockets',
            `A user has at most ${String(limits.socketsPerUser)} sockets open; close a page and try again`,
          );
        }
        const release = () => userSockets.release(userId, socket.id);
        // Whichever comes: the socket's disconnect, or its connection closing before it connected
        // (also while the claim was in Redis: then it closed already, and the place goes back now).
        if (socket.conn.readyState === 'closed') {
          release();
          next(new Error('the connection closed during the handshake'));
          return;
        }
        socket.conn.once('close', release);
        socket.once('disconnect', release);
        identities.set(socket, identity);
        next();
      } catch (err) {
        const { error } = refusalOf(err, log);
        // socket.io-client hands this to connect_error as err.message and err.data.
        next(Object.assign(new Error(error.message), { data: { code: error.code } }));
      }
    })();
  });

  io.on('connection', (socket) => {
    const identity = identities.get(socket);
    if (!identity) {
      socket.disconnect(true);
      return;
    }
    // A session that ends from now on reaches this socket through its rooms; one that ended in the
    // moment between the handshake and the join is caught by the sweep (no second query per socket).
    joinSessionRooms(socket, identity).catch((err: unknown) => log.error({ err }, 'socket failed to join its rooms'));

    const budget = new SocketBudget({ ...limits, refusalsBeforeDisconnect, refusalWindowMs });
    /** An offender is closed once the requests it was granted are answered (at most maxInFlight). */
    let closing = false;
    const closeIfDone = () => {
      if (closing && budget.pending === 0) socket.disconnect(true);
    };
    const finish = (reply: (response: unknown) => void, response: unknown) => {
      reply(response);
      budget.done();
      closeIfDone();
    };

    /**
     * Registers a handler that spends the socket's budget, validates the payload and always answers
     * the acknowledgement. Over budget it answers rate_limited at once, before parsing or the database.
     */
    const handle = <S extends z.ZodType, R>(
      event: keyof ClientToServerEvents,
      family: EventFamily,
      schema: S,
      run: (request: z.infer<S>) => Promise<R>,
    ) => {
      (socket as unknown as Socket).on(event, (payload: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return; // nobody to answer: the spec's client always asks with an ack
        const reply = ack as (response: unknown) => void;
        const verdict = budget.take(family);
        if (verdict !== 'granted') {
          reply(rateLimited);
          if (verdict === 'offender') {
            log.warn(
              { userId: userIdOf(identity), socketId: socket.id, event, refusals: refusalsBeforeDisconnect },
              'socket disconnected: it kept sending past its rate limit',
            );
            closing = true;
            closeIfDone();
          }
          return;
        }
        const parsed = schema.safeParse(payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'payload';
          finish(reply, {
            error: { code: 'validation_failed', message: `${field}: ${issue?.message ?? 'is invalid'}` },
          });
          return;
        }
        run(parsed.data).then(
          (data) => finish(reply, { data }),
          (err: unknown) => finish(reply, refusalOf(err, log)),
        );
      });
    };

    handle('listen', 'listen', esNumberRequestSchema, async ({ es_number }) => {
      service.assertModule(identity, es_number);
      await socket.join(moduleRoom(es_number));
      return { es_number };
    });
    handle('unlisten', 'listen', esNumberRequestSchema, async ({ es_number }) => {
      await socket.leave(moduleRoom(es_number));
      return { es_number };
    });
    handle('getSensorData', 'read', esNumberRequestSchema, ({ es_number }) => service.sensorData(identity, es_number));
    handle('getModuleStatus', 'read', esNumberRequestSchema, ({ es_number }) =>
      service.moduleStatus(identity, es_number),
    );
    handle('listenOrganisation', 'organisation', organisationRequestSchema, async ({ organisationId }) => {
      await service.assertOrganisation(identity, organisationId);
      const followed = [...socket.rooms].filter((r) => r.startsWith('organisation:')).length;
      if (followed >= maxOrganisationsPerSocket) {
        throw new SocketRefusal(
          'forbidden',
          `A socket follows at most ${String(maxOrganisationsPerSocket)} organisations`,
        );
      }
      await socket.join(organisationRoom(organisationId));
      return { organisationId };
    });
    handle('unlistenOrganisation', 'organisation', organisationRequestSchema, async ({ organisationId }) => {
      await socket.leave(organisationRoom(organisationId));
      return { organisationId };
    });
  });

  const sweep = async () => {
    // This node's own sockets: each node sweeps what it holds.
    const sockets = [...io.of('/').sockets.values()].flatMap((socket) => {
      const identity = identities.get(socket);
      if (!identity) return [];
      const following = [...socket.rooms].flatMap((room) =>
        room.startsWith('organisation:') ? [Number(room.slice('organisation:'.length))] : [],
      );
      return [{ id: socket.id, identity, following }];
    });
    if (sockets.length === 0) return;
    const { close, unfollow } = await service.sweep(sockets);
    for (const id of close) io.of('/').sockets.get(id)?.disconnect(true);
    for (const { id, organisationId } of unfollow)
      void io.of('/').sockets.get(id)?.leave(organisationRoom(organisationId));
  };
  return { sweep };
}
