// Room broadcasts of a single node written as prepared WebSocket frames straight to the sockets:
// every `io.to(room).emit(...)` without acknowledgement — module and organisation rooms.
//
// Socket.IO encodes a broadcast once, but then walks engine.io's per-socket send path for every
// listener: a packet object, a flush, a corked two-part writev and a drain callback. With thousands
// of listeners that bookkeeping, not the message, was the cost: the benchmark delivered
// 11,000–11,600 messages/s through it where a direct write kept up with 15,000/s on the same
// machine (docs/benchmarks.md). Here a broadcast is encoded once and its frame queued for each
// socket; socket-outbox.ts writes each socket's waiting frames in one write, in order, and
// socket-lines.ts knows each room's sockets with what such a write needs.
//
// Only supported interfaces are used: the adapter's public `broadcast(packet, opts)` (the method
// custom adapters override) with its public `rooms` and `nsp.sockets` maps and its 'join-room' and
// 'leave-room' events, `socket.rooms`, the frame built from
// the published protocols (socket-frames.ts), the TCP socket ws was handed at the upgrade
// (websocket-links.ts) and engine.io's public `conn.write` and 'packetCreate'. A socket with
// outgoing listeners gets the broadcast through the adapter's regular path, addressed to the room
// of its own id. With the Redis adapter broadcasts keep Socket.IO's own path (its local delivery is
// not reachable through a public interface).
import type { LiftwachtIo } from '../../plugins/socket-io.ts';
import { encodeEvent } from './socket-frames.ts';
import { SocketLines, type RoomAdapter, type SocketLine } from './socket-lines.ts';
import { SocketOutbox } from './socket-outbox.ts';
import type { WebSocketLinks } from './websocket-links.ts';

type BroadcastOptions = Parameters<RoomAdapter['broadcast']>[1];

/** The fields of a Socket.IO packet a broadcast looks at (socket.io-parser's `Packet`). */
interface EventPacket {
  type: number;
  data?: unknown;
  id?: number;
}

/** socket.io-parser's PacketType.EVENT. */
const eventPacketType = 2;

/**
 * Calls `visit` once for every socket of this node a broadcast with these options reaches, as the
 * adapter does: with its line where it has one, else by id alone.
 */
function forEachTarget(
  adapter: RoomAdapter,
  lines: SocketLines,
  opts: BroadcastOptions,
  visit: (line: SocketLine | undefined, id: string) => void,
): void {
  // One room and no exceptions, as every module and organisation message: the room's lines. (The
  // walk takes no note of whom it reached: nothing it calls joins or leaves rooms.)
  const [only] = opts.rooms;
  const indexed = opts.rooms.size === 1 && only !== undefined && !opts.except?.size ? lines.of(only) : null;
  if (indexed) {
    for (const line of indexed) visit(line, line.socket.id);
    return;
  }
  const sockets = (adapter.nsp as { sockets: Map<string, unknown> }).sockets;
  let except: Set<string> | null = null;
  if (opts.except && opts.except.size > 0) {
    except = new Set();
    for (const room of opts.except) for (const id of adapter.rooms.get(room) ?? []) except.add(id);
  }
  if (opts.rooms.size === 0) {
    for (const id of sockets.keys()) if (!except?.has(id)) visit(lines.line(id), id);
    return;
  }
  // A socket in several of the rooms hears the broadcast once.
  const seen = opts.rooms.size > 1 ? new Set<string>() : null;
  for (const room of opts.rooms) {
    for (const id of adapter.rooms.get(room) ?? []) {
      if (except?.has(id) || seen?.has(id) || !sockets.has(id)) continue;
      seen?.add(id);
      visit(lines.line(id), id);
    }
  }
}

/** Makes the node's room broadcasts go out as prepared frames through an outbox; returns the rooms' lines. */
export function useDirectFrames(
  io: LiftwachtIo,
  links: WebSocketLinks,
  /** Writing per turn of the event loop (tests pass 0: every frame waits for the outbox's turn). */
  sliceMs?: number,
): SocketLines | null {
  // Compressed frames are ws' business.
  if (io.engine.opts.perMessageDeflate) return null;
  const adapter = io.sockets.adapter;
  const namespace = (adapter.nsp as { name: string }).name;
  const regular = adapter.broadcast.bind(adapter);
  const lines = new SocketLines(adapter, links);
  const outbox = new SocketOutbox(sliceMs);
  io.on('connection', (socket) => {
    // Closed by an earlier 'connection' listener: no 'disconnect' follows to undo the hooks, and a
    // broadcast never finds it (it is in no room any more).
    if (!socket.connected) return;
    const line = lines.open(socket);
    const detach = outbox.attach(line);
    socket.once('disconnect', () => {
      lines.close(line);
      detach();
    });
  });

  adapter.broadcast = (packet: EventPacket, opts: BroadcastOptions) => {
    const encoded =
      packet.type === eventPacketType && packet.id === undefined && Array.isArray(packet.data)
        ? encodeEvent(namespace, packet.data)
        : null;
    if (!encoded) {
      regular(packet, opts);
      return;
    }
    const left: string[] = [];
    forEachTarget(adapter, lines, opts, (line, id) => {
      if (line?.takesFrames()) outbox.push(line, encoded);
      else left.push(id);
    });
    // Every socket is in the room of its own id: the rest get it the regular way.
    if (left.length > 0) regular(packet, { rooms: new Set(left), except: new Set(), flags: opts.flags ?? {} });
  };
  return lines;
}
