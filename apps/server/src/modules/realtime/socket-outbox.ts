// Where a broadcast's prepared frames wait for their socket, and the writer that empties them in
// slices of the event loop: one write per socket carrying every frame it has waiting.
//
// A write to a TCP socket is one system call, most of the fan-out's cost (docs/benchmarks.md), and
// a listener of one lift module gets a couple of messages a second, so a write per frame is all
// there is while the server keeps up: then a frame is written at once, up to `sliceMs` of writing
// per turn of the event loop. Past that, or while frames wait, it waits here; frames for the same
// socket pile up and go out together, so the writes a second stay within what the CPU allows and
// the delay stays bounded, where writing each frame as it came made every later message wait
// behind all the writes before it (the queue then grew for as long as the load lasted).
//
// Order per socket is Socket.IO's promise and is kept: frames go straight to the TCP socket only
// while nothing of the socket's own waits in engine.io (its transport is writable) or in ws
// (`bufferedAmount` 0); otherwise they go through engine.io (`conn.write`) behind what waits there.
// Before engine.io creates any packet of the socket's own (an ack, a ping), the socket's waiting
// frames are written first ('packetCreate').
import { WebSocket } from 'ws';
import type { EncodedEvent } from './socket-frames.ts';
import type { SocketLine } from './socket-lines.ts';

export class SocketOutbox {
  /** Lines with frames waiting, oldest first (a Set keeps insertion order). */
  private readonly waiting = new Set<SocketLine>();
  private scheduled = false;
  /** When this turn's time for writing frames at once runs out (0: not started this turn). */
  private directUntil = 0;
  /** The line whose frames go through engine.io right now ('packetCreate' must not recurse). */
  private routing: SocketLine | null = null;

  constructor(
    /** Writing per turn of the event loop, between which HTTP, timers and reads get their turn. */
    private readonly sliceMs = 5,
  ) {}

  /**
   * Hooks a new socket's line so that its own packets never overtake its waiting frames; returns
   * what to call when the socket leaves (the connection may stay for other namespaces).
   */
  attach(line: SocketLine): () => void {
    const conn = line.socket.conn;
    const beforePacket = () => {
      if (this.routing !== line) this.flush(line);
    };
    conn.on('packetCreate', beforePacket);
    return () => {
      conn.off('packetCreate', beforePacket);
      // A socket that is gone has no use for them (Socket.IO's own disconnect packet flushed them first).
      line.waiting = null;
      this.waiting.delete(line);
    };
  }

  push(line: SocketLine, frame: EncodedEvent): void {
    if (line.waiting) {
      line.waiting.push(frame);
      return;
    }
    // Nothing waits anywhere: write at once while this turn's time for it lasts.
    if (this.waiting.size === 0) {
      const now = performance.now();
      if (this.directUntil === 0) {
        this.directUntil = now + this.sliceMs;
        setImmediate(this.newTurn);
      }
      if (now < this.directUntil) {
        this.write(line, [frame]);
        return;
      }
    }
    line.waiting = [frame];
    this.waiting.add(line);
    this.schedule();
  }

  private readonly newTurn = (): void => {
    this.directUntil = 0;
  };

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.run);
  }

  private readonly run = (): void => {
    this.scheduled = false;
    const deadline = performance.now() + this.sliceMs;
    let written = 0;
    for (const line of this.waiting) {
      this.flush(line);
      // Checking the clock every few sockets: a write takes microseconds, reading the clock too.
      if (++written % 16 === 0 && performance.now() >= deadline) break;
    }
    if (this.waiting.size > 0) this.schedule();
  };

  /** Writes a line's waiting frames. */
  private flush(line: SocketLine): void {
    const frames = line.waiting;
    if (!frames) return;
    line.waiting = null;
    this.waiting.delete(line);
    this.write(line, frames);
  }

  /** Writes frames directly in one write where order allows, else through engine.io. */
  private write(line: SocketLine, frames: EncodedEvent[]): void {
    const conn = line.socket.conn;
    // A socket closing or closed: engine.io would drop them too.
    if (conn.readyState !== 'open') return;
    const link = line.link;
    if (
      link &&
      !conn.upgrading &&
      conn.transport.writable &&
      conn.transport.name === 'websocket' &&
      link.ws.readyState === WebSocket.OPEN &&
      link.ws.bufferedAmount === 0 &&
      link.stream.writable
    ) {
      const [only] = frames;
      link.stream.write(frames.length === 1 && only ? only.frame : Buffer.concat(frames.map((f) => f.frame)));
      return;
    }
    this.routing = line;
    try {
      for (const { packet } of frames) conn.write(packet);
    } finally {
      this.routing = null;
    }
  }
}
