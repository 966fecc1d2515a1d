// Sends one event to every socket of a room on this node with one prepared WebSocket frame and one
// write per socket. Socket.IO encodes a broadcast once too, but then walks engine.io's per-socket
// send path (a packet object, a flush, a corked two-part writev, a drain callback) for every
// listener; with thousands of listeners that bookkeeping, not the message, is the cost. The frame
// carries exactly what Socket.IO would send (an engine.io message packet holding a socket.io EVENT
// packet for the main namespace), so clients see no difference.
//
// A socket takes the short path only when nothing of its own is waiting in engine.io or ws (so
// frames stay in order) and it is a plain open websocket; any other socket gets the regular emit.
import type { Socket } from 'socket.io';
import type { ServerToClientEvents } from '@liftwacht/contracts/realtime';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';

/** The parts of engine.io's and ws' sockets the short path looks at (not in their public types). */
interface RawConnection {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    socket?: {
      readyState: number;
      _sender?: { _queue?: unknown[]; _state?: number };
      _socket?: { writable: boolean; write: (data: Buffer) => boolean };
    };
  };
}

const wsOpen = 1;

/** An unmasked, final WebSocket text frame (server → client) around payload. */
export function textFrame(payload: string): Buffer {
  const length = Buffer.byteLength(payload);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(payload, headerLength);
  return frame;
}

/** The raw TCP socket to write a frame to, or null when this socket must take the regular path. */
function rawSocketOf(socket: Socket<never, ServerToClientEvents>) {
  const conn = socket.conn as unknown as RawConnection;
  const { transport } = conn;
  const ws = transport.socket;
  const raw = ws?._socket;
  if (
    conn.readyState !== 'open' ||
    conn.upgrading ||
    conn.writeBuffer.length > 0 ||
    transport.name !== 'websocket' ||
    !transport.writable ||
    ws?.readyState !== wsOpen ||
    ws._sender?._state !== 0 ||
    (ws._sender._queue?.length ?? 1) > 0 ||
    !raw?.writable
  ) {
    return null;
  }
  return raw;
}

/** Emits `event` with `payload` to the room's sockets on this node (main namespace). */
export function emitToLocalRoom<E extends keyof ServerToClientEvents>(
  io: LiftwachtIo,
  room: string,
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): void {
  const members = io.sockets.adapter.rooms.get(room);
  if (!members || members.size === 0) return;
  let frame: Buffer | null = null;
  for (const id of members) {
    const socket = io.sockets.sockets.get(id);
    if (!socket) continue;
    const raw = rawSocketOf(socket);
    if (raw) {
      // engine.io "4" (message) + socket.io "2" (event), as socket.io-parser writes it.
      frame ??= textFrame(`42${JSON.stringify([event, payload])}`);
      raw.write(frame);
    } else {
      socket.emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
    }
  }
}
