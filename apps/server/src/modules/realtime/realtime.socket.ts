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
import { SocketRefusal, type RealtimeService, type SocketIdentity } from './realtime.service.ts';

type LiftwachtSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** A socket following more organisations than this is not a dashboard. */
const maxOrganisationsPerSocket = 50;

function refusalOf(err: unknown, log: FastifyBaseLogger): SocketError {
  if (err instanceof SocketRefusal) return { error: { code: err.code, message: err.message } };
  log.error({ err }, 'socket request failed');
  return { error: { code: 'internal_error', message: 'Internal server error' } };
}

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
): { sweep: () => Promise<void> } {
  const identities = new WeakMap<LiftwachtSocket, SocketIdentity>();

  io.use((socket, next) => {
    void (async () => {
      try {
        service.checkOrigin(socket.handshake.headers.origin);
        const auth = socket.handshake.auth as Record<string, unknown> | undefined;
        const token = firstString(socket.handshake.query[socketTokenQueryParameter]) ?? auth?.token;
        identities.set(socket, await service.authenticate(token));
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

    /** Registers a handler that validates the payload and always answers the acknowledgement. */
    const handle = <S extends z.ZodType, R>(
      event: keyof ClientToServerEvents,
      schema: S,
      run: (request: z.infer<S>) => Promise<R>,
    ) => {
      (socket as unknown as Socket).on(event, (payload: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return; // nobody to answer: the spec's client always asks with an ack
        const reply = ack as (response: unknown) => void;
        const parsed = schema.safeParse(payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'payload';
          reply({ error: { code: 'validation_failed', message: `${field}: ${issue?.message ?? 'is invalid'}` } });
          return;
        }
        run(parsed.data).then(
          (data) => reply({ data }),
          (err: unknown) => reply(refusalOf(err, log)),
        );
      });
    };

    handle('listen', esNumberRequestSchema, async ({ es_number }) => {
      service.assertModule(identity, es_number);
      await socket.join(moduleRoom(es_number));
      return { es_number };
    });
    handle('unlisten', esNumberRequestSchema, async ({ es_number }) => {
      await socket.leave(moduleRoom(es_number));
      return { es_number };
    });
    handle('getSensorData', esNumberRequestSchema, ({ es_number }) => service.sensorData(identity, es_number));
    handle('getModuleStatus', esNumberRequestSchema, ({ es_number }) => service.moduleStatus(identity, es_number));
    handle('listenOrganisation', organisationRequestSchema, async ({ organisationId }) => {
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
    handle('unlistenOrganisation', organisationRequestSchema, async ({ organisationId }) => {
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
