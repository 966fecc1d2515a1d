// A real Socket.IO server in the test process, speaking the realtime protocol just enough for the
// client's tests: token check at handshake, listen/unlisten/getSensorData/getModuleStatus with acks,
// and restartable on the same port to test reconnection.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { socketPath } from '@liftwacht/contracts/realtime';

export interface TestSocketServer {
  url: string;
  /** Tokens the handshake accepts; anything else is refused with code `unauthorized`. */
  validTokens: Set<string>;
  /** Every handshake's token, in order. */
  handshakeTokens: string[];
  /** Every listen request, in order (es numbers). */
  listens: string[];
  /** es numbers answered with a forbidden error. */
  forbidden: Set<string>;
  /** Organisations whose follow is answered with a not_found error (another organisation's). */
  hiddenOrganisations: Set<number>;
  /** When code is set, every handshake is refused with it (too_many_sockets: the user's cap). */
  handshakeRefusal: { code: string | null };
  /** The next `remaining` getSensorData and listenOrganisation requests answer rate_limited. */
  rateLimited: { remaining: number; answered: number };
  sockets(): Socket[];
  emitModule(es: string, message: Record<string, unknown>): void;
  emitOrganisationChanged(organisationId: number, kinds: string[]): void;
  /** graceful: sockets get a DISCONNECT first, like the real server's preClose; else the transport just closes. */
  restart(options?: { graceful?: boolean }): Promise<void>;
  stop(options?: { graceful?: boolean }): Promise<void>;
  close(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestSocketServer(): Promise<TestSocketServer> {
  let http: HttpServer | null = null;
  let io: Server | null = null;
  let port = 0;
  const state = {
    validTokens: new Set<string>(),
    handshakeTokens: [] as string[],
    listens: [] as string[],
    forbidden: new Set<string>(),
    hiddenOrganisations: new Set<number>(),
    handshakeRefusal: { code: null as string | null },
    rateLimited: { remaining: 0, answered: 0 },
  };
  /** Answers rate_limited while the test asks for it; true when it did. */
  const rateLimited = (ack: (r: unknown) => void): boolean => {
    if (state.rateLimited.remaining <= 0) return false;
    state.rateLimited.remaining -= 1;
    state.rateLimited.answered += 1;
    ack({ error: { code: 'rate_limited', message: 'Too many requests on this socket' } });
    return true;
  };

  const start = async () => {
    http = createServer();
    io = new Server(http, { path: socketPath, transports: ['websocket'] });
    io.use((socket, next) => {
      const token = String(socket.handshake.query.token ?? '');
      state.handshakeTokens.push(token);
      const refusal = state.handshakeRefusal.code;
      if (refusal) next(Object.assign(new Error('Refused'), { data: { code: refusal } }));
      else if (state.validTokens.has(token)) next();
      else next(Object.assign(new Error('Invalid token'), { data: { code: 'unauthorized' } }));
    });
    io.on('connection', (socket) => {
      socket.on('listen', async ({ es_number }: { es_number: string }, ack: (r: unknown) => void) => {
        state.listens.push(es_number);
        if (state.forbidden.has(es_number)) {
          ack({ error: { code: 'forbidden', message: 'Another lift' } });
          return;
        }
        await socket.join(`module:${es_number}`);
        ack({ data: { es_number } });
      });
      socket.on('unlisten', async ({ es_number }: { es_number: string }, ack: (r: unknown) => void) => {
        await socket.leave(`module:${es_number}`);
        ack({ data: { es_number } });
      });
      socket.on('getSensorData', ({ es_number }: { es_number: string }, ack: (r: unknown) => void) => {
        if (rateLimited(ack)) return;
        ack({ data: { es_number, values: { f1: { value: 2, at: '2026-03-10T09:00:00Z' } } } });
      });
      socket.on('getModuleStatus', ({ es_number }: { es_number: string }, ack: (r: unknown) => void) => {
        ack({
          data: { es_number, liftId: 1, firmware: '4.2.1', connected: true, lastSeenAt: null, openEvents: [] },
        });
      });
      socket.on(
        'listenOrganisation',
        async ({ organisationId }: { organisationId: number }, ack: (r: unknown) => void) => {
          if (rateLimited(ack)) return;
          if (state.hiddenOrganisations.has(organisationId)) {
            ack({ error: { code: 'not_found', message: 'No such organisation' } });
            return;
          }
          await socket.join(`organisation:${String(organisationId)}`);
          ack({ data: { organisationId } });
        },
      );
      socket.on(
        'unlistenOrganisation',
        async ({ organisationId }: { organisationId: number }, ack: (r: unknown) => void) => {
          await socket.leave(`organisation:${String(organisationId)}`);
          ack({ data: { organisationId } });
        },
      );
    });
    const server = http;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };

  const stop = async ({ graceful = false }: { graceful?: boolean } = {}) => {
    const [currentIo, currentHttp] = [io, http];
    io = null;
    http = null;
    if (!currentIo || !currentHttp) return;
    if (graceful) currentIo.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      void currentIo.close(() => resolve());
    });
    currentHttp.closeAllConnections();
  };

  await start();
  return {
    url: `http://127.0.0.1:${String(port)}`,
    ...state,
    sockets: () => (io ? [...io.sockets.sockets.values()] : []),
    emitModule: (es, message) => io?.to(`module:${es}`).emit('module', message),
    emitOrganisationChanged: (organisationId, kinds) =>
      io?.to(`organisation:${String(organisationId)}`).emit('organisationChanged', { organisationId, kinds }),
    restart: async (options) => {
      await stop(options);
      await start();
    },
    stop,
    start,
    close: () => stop(),
  };
}
