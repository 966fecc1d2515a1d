import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  socketPath,
  type ClientToServerEvents,
  type ModuleSocketMessage,
  type ServerToClientEvents,
} from '@liftwacht/contracts/realtime';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';
import { useDirectFrames } from './direct-frames.ts';
import type { SocketLines } from './socket-lines.ts';
import { WebSocketLinks } from './websocket-links.ts';

type Client = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

const room = 'module:ES-1';

function message(id: number, note = ''): ModuleSocketMessage {
  return {
    type: 'module',
    es: 'ES-1',
    messageType: 'status',
    routingKey: 'module.ES-1.status',
    message: { id: String(id), t: new Date(0).toISOString(), f: { note } },
  };
}

/** The messages a socket sent through engine.io's per-socket path ('packetCreate'), which a direct write skips. */
function engineMessages(socket: ServerSocket): string[] {
  const sent: string[] = [];
  socket.conn.on('packetCreate', (packet: { type: string; data?: unknown }) => {
    if (packet.type === 'message') sent.push(String(packet.data));
  });
  return sent;
}

describe('useDirectFrames', () => {
  let http: HttpServer | null = null;
  let io: LiftwachtIo | null = null;
  const clients: Client[] = [];
  let links = new WebSocketLinks();

  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await io?.close();
    io = null;
    http = null;
  });

  async function setup(
    count: number,
    sliceMs?: number,
    /** Joins the room in a middleware, before Socket.IO announces the connection. */
    joinEarly = false,
  ): Promise<{ io: LiftwachtIo; clients: Client[]; lines: SocketLines }> {
    http = createServer();
    links = new WebSocketLinks();
    const server: LiftwachtIo = new Server(http, {
      path: socketPath,
      transports: ['websocket'],
      wsEngine: links.engine,
    });
    const lines = useDirectFrames(server, links, sliceMs);
    if (!lines) throw new Error('direct frames are off');
    io = server;
    if (joinEarly) {
      server.use((socket, next) => {
        void socket.join(room);
        next();
      });
    } else {
      server.on('connection', (socket) => void socket.join(room));
    }
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    for (let i = 0; i < count; i++) {
      const client: Client = connect(`http://127.0.0.1:${String(port)}`, {
        path: socketPath,
        transports: ['websocket'],
        forceNew: true,
      });
      await new Promise<void>((resolve) => client.once('connect', resolve));
      clients.push(client);
    }
    // The join runs on connection; wait until every socket is in the room.
    while ((server.sockets.adapter.rooms.get(room)?.size ?? 0) < count) await new Promise((r) => setTimeout(r, 5));
    // ... and until engine.io has finished writing the handshake (until then a socket is not quiet).
    await new Promise((r) => setTimeout(r, 20));
    return { io: server, clients, lines };
  }

  function receive(client: Client, n: number): Promise<ModuleSocketMessage[]> {
    const got: ModuleSocketMessage[] = [];
    return new Promise((resolve) => {
      client.on('module', (m) => {
        got.push(m);
        if (got.length === n) resolve(got);
      });
    });
  }

  it('writes a room broadcast to every quiet socket directly, short and long frames alike', async () => {
    const { io: server, clients: all } = await setup(3);
    const viaEngine = [...server.sockets.sockets.values()].map(engineMessages);
    const sent = [message(1), message(2, 'x'.repeat(300)), message(3, 'y'.repeat(70_000)), message(4, 'é€😀')];
    const received = Promise.all(all.map((c) => receive(c, sent.length)));
    for (const m of sent) server.to(room).emit('module', m);
    for (const got of await received) expect(got).toEqual(sent);
    // None of them went through engine.io's per-socket send (an upgrade of socket.io, engine.io or
    // ws that breaks the way to the TCP socket fails here, not in production's throughput).
    for (const messages of viaEngine) expect(messages).toEqual([]);
  });

  it('keeps a socket’s messages in order behind what engine.io still holds for it', async () => {
    const { io: server, clients: all } = await setup(1);
    const [client] = all;
    const [socket] = [...server.sockets.sockets.values()];
    if (!client || !socket) throw new Error('no client');
    const received = receive(client, 4);
    // The socket's own emits wait in engine.io (for its write callback); the broadcasts in the
    // same tick must queue behind them, not overtake them.
    socket.emit('module', message(1));
    socket.emit('module', message(2));
    server.to(room).emit('module', message(3));
    server.to(room).emit('module', message(4));
    expect((await received).map((m) => m.message.id)).toEqual(['1', '2', '3', '4']);
  });

  it('leaves broadcasts that expect acknowledgements to the regular path', async () => {
    const { io: server, clients: all } = await setup(2);
    for (const c of all) {
      (c as unknown as ClientSocket).on('ping-all', (n: number, ack: (v: number) => void) => ack(n + 1));
    }
    const untyped = server as unknown as Server;
    const answers = (await untyped.to(room).timeout(2000).emitWithAck('ping-all', 41)) as number[];
    expect(answers).toEqual([42, 42]);
  });

  it('does nothing for a room nobody listens to, and later broadcasts still arrive', async () => {
    const { io: server, clients: all } = await setup(1);
    const [client] = all;
    if (!client) throw new Error('no client');
    expect(() => server.to('module:nobody').emit('module', message(1))).not.toThrow();
    const received = receive(client, 1);
    server.to(room).emit('module', message(2));
    expect((await received).map((m) => m.message.id)).toEqual(['2']);
  });

  it('reaches every socket once across several rooms, minus the excepted, and all sockets with io.emit', async () => {
    const { io: server, clients: all } = await setup(3);
    const sockets = [...server.sockets.sockets.values()];
    const [first, second, third] = sockets;
    if (!first || !second || !third) throw new Error('no sockets');
    await first.join('other');
    await second.join('other');
    await third.join('muted');
    const got = all.map((c) => {
      const ids: string[] = [];
      c.on('module', (m) => ids.push(m.message.id));
      return ids;
    });
    server.to(room).to('other').except('muted').emit('module', message(1));
    server.emit('module', message(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([['1', '2'], ['1', '2'], ['2']]);
  });

  it('writes directly to sockets that joined the room before their connection was announced', async () => {
    const { io: server, clients: all, lines } = await setup(2, undefined, true);
    expect(lines.of(room)?.size).toBe(2);
    const viaEngine = [...server.sockets.sockets.values()].map(engineMessages);
    const received = Promise.all(all.map((c) => receive(c, 1)));
    server.to(room).emit('module', message(1));
    for (const got of await received) expect(got).toEqual([message(1)]);
    for (const messages of viaEngine) expect(messages).toEqual([]);
  });

  it('follows sockets leaving a room and leaving the server', async () => {
    const { io: server, clients: all, lines } = await setup(3);
    const [first, second, third] = [...server.sockets.sockets.values()];
    const [, secondClient, thirdClient] = all;
    if (!first || !second || !third || !secondClient || !thirdClient) throw new Error('no sockets');
    const members = () => [...(lines.of(room) ?? [])].map((line) => line.socket.id).sort();
    const got = all.map((c) => {
      const ids: string[] = [];
      c.on('module', (m) => ids.push(m.message.id));
      return ids;
    });
    await first.leave(room);
    secondClient.disconnect();
    while (server.sockets.sockets.has(second.id)) await new Promise((r) => setTimeout(r, 5));
    // The index follows the adapter exactly (else it would answer null and the adapter's way is taken).
    expect(members()).toEqual([third.id]);
    server.to(room).emit('module', message(1));
    await first.join(room);
    expect(members()).toEqual([first.id, third.id].sort());
    expect(lines.line(second.id)).toBeUndefined();
    server.to(room).emit('module', message(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([['2'], [], ['1', '2']]);
  });

  it('still reaches every socket of a room whose members it does not all know', async () => {
    const { io: server, clients: all, lines } = await setup(2);
    const viaEngine = [...server.sockets.sockets.values()].map(engineMessages);
    // A member the adapter counts that is no socket of this namespace (as a custom adapter might).
    await server.sockets.adapter.addAll('not-a-socket', new Set([room]));
    expect(lines.of(room)).toBeNull();
    const received = Promise.all(all.map((c) => receive(c, 1)));
    server.to(room).emit('module', message(1));
    for (const got of await received) expect(got).toEqual([message(1)]);
    for (const messages of viaEngine) expect(messages).toEqual([]);
  });

  it('writes the frames a socket has waiting before the server disconnects it', async () => {
    const { io: server, clients: all } = await setup(1, 0);
    const [client] = all;
    const [socket] = [...server.sockets.sockets.values()];
    if (!client || !socket) throw new Error('no client');
    const seen: string[] = [];
    client.on('module', (m) => seen.push(m.message.id));
    const gone = new Promise<void>((resolve) => client.once('disconnect', () => resolve()));
    server.to(room).emit('module', message(1));
    server.to(room).emit('module', message(2));
    socket.disconnect();
    await gone;
    expect(seen).toEqual(['1', '2']);
  });

  /** Spies on the writes to each server socket's TCP socket. */
  function tcpWrites(server: LiftwachtIo) {
    return [...server.sockets.sockets.values()].map((socket) => {
      const link = links.of(socket.conn.request);
      if (!link) throw new Error('no link to the TCP socket');
      return vi.spyOn(link.stream, 'write');
    });
  }

  it('writes a broadcast at once while nothing waits', async () => {
    const { io: server, clients: all } = await setup(2);
    const writes = tcpWrites(server);
    const received = Promise.all(all.map((c) => receive(c, 1)));
    server.to(room).emit('module', message(1));
    for (const write of writes) expect(write).toHaveBeenCalledTimes(1);
    for (const got of await received) expect(got).toEqual([message(1)]);
  });

  it('writes the frames a socket has waiting in a single write, in order, once writing falls behind', async () => {
    // No time for writing at once: every frame waits for the outbox's turn, as under load.
    const { io: server, clients: all } = await setup(2, 0);
    const writes = tcpWrites(server);
    const sent = [message(1), message(2), message(3, 'z'.repeat(500))];
    const received = Promise.all(all.map((c) => receive(c, sent.length)));
    for (const m of sent) server.to(room).emit('module', m);
    for (const write of writes) expect(write).not.toHaveBeenCalled();
    for (const got of await received) expect(got).toEqual(sent);
    for (const write of writes) expect(write).toHaveBeenCalledTimes(1);
  });

  it('sends a socket’s own packets after the broadcasts it still has waiting', async () => {
    const { io: server, clients: all } = await setup(1, 0);
    const [client] = all;
    const [socket] = [...server.sockets.sockets.values()];
    if (!client || !socket) throw new Error('no client');
    const received = receive(client, 3);
    server.to(room).emit('module', message(1));
    server.to(room).emit('module', message(2));
    socket.emit('module', message(3));
    expect((await received).map((m) => m.message.id)).toEqual(['1', '2', '3']);
  });
});
