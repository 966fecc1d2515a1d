// Room broadcasts written with one prepared WebSocket frame and one write per socket, at the adapter:
// every `io.to(room).emit(...)` takes it — module and organisation rooms, with the in-memory adapter
// on a single node and with the Redis adapter, for the node's own sockets and for broadcasts that
// other nodes publish alike.
//
// Socket.IO already encodes a broadcast once (the adapter even prepares the WebSocket frame), but it
// then walks engine.io's per-socket send path for every listener: a packet object, a flush, a corked
// two-part writev and a drain callback. With thousands of listeners that bookkeeping, not the
// message, was the cost: the benchmark delivered 11,000–11,600 messages/s through it where the
// direct write kept up with 15,000/s on the same machine (docs/benchmarks.md).
//
// How: the adapter's `_encode` (called by `broadcast` right before `apply` walks the room's
// sockets) is wrapped to keep the prepared frame, and `apply` to write it straight to a socket that
// is a plain open websocket with nothing of its own waiting in engine.io or ws — so frames stay in
// order. Any other socket, and any broadcast with acknowledgements or compression, takes the
// adapter's regular path. Both are internals of socket.io-adapter, engine.io and ws (not in their
// public types): the tests in direct-frames.test.ts pin the behaviour this relies on.
import type { Socket } from 'socket.io';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';

type Adapter = LiftwachtIo['sockets']['adapter'];

/** The parts of engine.io's and ws' sockets the direct write looks at. */
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

interface PacketOptions {
  /** The frame socket.io-adapter prepared: header and payload. */
  wsPreEncodedFrame?: Buffer[];
  compress?: boolean;
}

interface AdapterInternals {
  _encode(packet: { id?: number }, packetOptions: PacketOptions): unknown;
  apply(options: unknown, callback: (socket: Socket) => void): void;
}

const wsOpen = 1;

/** The raw TCP socket to write a frame to, or null when this socket must take the regular path. */
function rawSocketOf(socket: Socket) {
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

/** Makes the adapter's broadcasts write prepared frames directly where a socket allows it. */
export function useDirectFrames(adapter: Adapter): void {
  const internals = adapter as unknown as AdapterInternals;
  const encode = internals._encode.bind(adapter);
  const apply = internals.apply.bind(adapter);
  /** The frame of the broadcast being encoded; `apply` follows `_encode` synchronously. */
  let pending: Buffer | null = null;
  internals._encode = (packet, packetOptions) => {
    const encoded = encode(packet, packetOptions);
    const parts = packetOptions.wsPreEncodedFrame;
    // A packet with an id expects acknowledgements, which the regular path registers per socket.
    pending = packet.id === undefined && parts && packetOptions.compress !== true ? Buffer.concat(parts) : null;
    return encoded;
  };
  internals.apply = (options, callback) => {
    const frame = pending;
    pending = null;
    if (!frame) {
      apply(options, callback);
      return;
    }
    apply(options, (socket) => {
      const raw = rawSocketOf(socket);
      if (raw) raw.write(frame);
      else callback(socket);
    });
  };
}
