// The node's own sockets of each room, as the outbox writes to them: every socket resolved once
// (its WebSocket link) into a line, and every room's lines kept beside the adapter's rooms from
// the adapter's public room events ('join-room', 'leave-room').
//
// Why: with 10,000 sockets a broadcast's walk from room to socket id to socket to link was one
// hash lookup after another in maps of 10,000 entries, each a cache miss, and they took about a
// tenth of the main thread's time at 21,000 deliveries a second (docs/benchmarks.md, December 2).
// A room's lines are one Set to walk.
//
// The index never answers for a room it might have wrong: a line is created when Socket.IO
// announces the connection, so a room joined before that (in a middleware) is indexed with the
// socket's rooms at that moment, and a room whose index does not count as many members as the
// adapter's is walked the adapter's way (`of` answers null).
import type { Socket } from 'socket.io';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';
import type { EncodedEvent } from './socket-frames.ts';
import type { WebSocketLink, WebSocketLinks } from './websocket-links.ts';

/** The adapter of the node's main namespace. */
export type RoomAdapter = LiftwachtIo['sockets']['adapter'];

/** One socket of this node as the outbox writes to it. */
export class SocketLine {
  /** Frames waiting for the outbox's turn, oldest first (null: none). */
  waiting: EncodedEvent[] | null = null;

  constructor(
    readonly socket: Socket,
    /** The WebSocket and TCP socket under it; none for a connection upgraded from polling. */
    readonly link: WebSocketLink | undefined,
  ) {}

  /** Whether it takes broadcasts as frames: one with outgoing listeners (onAnyOutgoing) takes the regular path, which calls them. */
  takesFrames(): boolean {
    return this.socket.listenersAnyOutgoing().length === 0;
  }
}

const none: ReadonlySet<SocketLine> = new Set();

export class SocketLines {
  private readonly byId = new Map<string, SocketLine>();
  private readonly rooms = new Map<string, Set<SocketLine>>();

  constructor(
    private readonly adapter: RoomAdapter,
    private readonly links: WebSocketLinks,
  ) {
    adapter.on('join-room', (room: string, id: string) => {
      const line = this.byId.get(id);
      if (line) this.add(room, line);
    });
    adapter.on('leave-room', (room: string, id: string) => {
      const line = this.byId.get(id);
      const lines = line ? this.rooms.get(room) : undefined;
      if (!line || !lines) return;
      lines.delete(line);
      if (lines.size === 0) this.rooms.delete(room);
    });
  }

  /** A socket Socket.IO announced ('connection'): its line, in every room it is in already. */
  open(socket: Socket): SocketLine {
    const line = new SocketLine(socket, this.links.of(socket.conn.request));
    this.byId.set(socket.id, line);
    for (const room of socket.rooms) this.add(room, line);
    return line;
  }

  /** A socket Socket.IO announced gone ('disconnect'): its rooms are left already ('leave-room'). */
  close(line: SocketLine): void {
    this.byId.delete(line.socket.id);
  }

  /** The line of a socket of this node, if Socket.IO announced it. */
  line(id: string): SocketLine | undefined {
    return this.byId.get(id);
  }

  /** Every line in a room, or null where the adapter counts members this index does not know. */
  of(room: string): ReadonlySet<SocketLine> | null {
    const members = this.adapter.rooms.get(room);
    if (!members) return none;
    const lines = this.rooms.get(room);
    return lines?.size === members.size ? lines : null;
  }

  private add(room: string, line: SocketLine): void {
    let lines = this.rooms.get(room);
    if (!lines) {
      lines = new Set();
      this.rooms.set(room, lines);
    }
    lines.add(line);
  }
}
