import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  socketPath,
  type ClientToServerEvents,
  type ModuleSocketMessage,
  type ServerToClientEvents,
} from '@liftwacht/contracts/realtime';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';
import { emitToLocalRoom, textFrame } from './room-fan-out.ts';

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

describe('emitToLocalRoom', () => {
  let http: HttpServer | null = null;
  let io: LiftwachtIo | null = null;
  const clients: Client[] = [];

  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await io?.close();
    io = null;
    http = null;
  });

  async function setup(count: number): Promise<{ io: LiftwachtIo; clients: Client[] }> {
    http = createServer();
    const server: LiftwachtIo = new Server(http, { path: socketPath, transports: ['websocket'] });
    io = server;
    server.on('connection', (socket) => void socket.join(room));
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
    return { io: server, clients };
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

  it('reaches every socket of the room with what socket.io would have sent, short and long alike', async () => {
    const { io: server, clients: all } = await setup(3);
    const sent = [message(1), message(2, 'x'.repeat(300)), message(3, 'y'.repeat(70_000))];
    const received = Promise.all(all.map((c) => receive(c, sent.length)));
    for (const m of sent) emitToLocalRoom(server, room, 'module', m);
    for (const got of await received) expect(got).toEqual(sent);
  });

  it('keeps a socket’s messages in order behind what engine.io still holds for it', async () => {
    const { io: server, clients: all } = await setup(1);
    const [client] = all;
    if (!client) throw new Error('no client');
    const received = receive(client, 4);
    // Regular emits first (engine.io waits for its write callback), then the short path in the same tick.
    server.to(room).emit('module', message(1));
    server.to(room).emit('module', message(2));
    emitToLocalRoom(server, room, 'module', message(3));
    emitToLocalRoom(server, room, 'module', message(4));
    expect((await received).map((m) => m.message.id)).toEqual(['1', '2', '3', '4']);
  });

  it('does nothing for a room nobody listens to', async () => {
    const { io: server } = await setup(0);
    expect(() => emitToLocalRoom(server, 'module:nobody', 'module', message(1))).not.toThrow();
  });
});

describe('textFrame', () => {
  it('uses the 7-bit, 16-bit and 64-bit length forms of RFC 6455', () => {
    expect([...textFrame('a'.repeat(125)).subarray(0, 2)]).toEqual([0x81, 125]);
    expect([...textFrame('a'.repeat(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    const long = textFrame('a'.repeat(65_536));
    expect([...long.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(long.length).toBe(10 + 65_536);
    expect(textFrame('é').subarray(2).toString()).toBe('é');
  });
});
