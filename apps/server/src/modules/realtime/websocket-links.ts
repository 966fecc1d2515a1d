// The WebSocket and the TCP socket under each Socket.IO connection, learned through supported
// interfaces only: engine.io's `wsEngine` option takes any ws-compatible server class, and ws'
// `handleUpgrade(request, socket, head, callback)` is handed the very request and socket it
// upgrades. engine.io keeps that request as the connection's `request` (`socket.conn.request`), so
// the request is the key from a Socket.IO socket to the TCP socket a prepared frame is written to.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type ServerOptions } from 'ws';

export interface WebSocketLink {
  /** The WebSocket engine.io's transport sends through. */
  ws: WebSocket;
  /** The TCP socket under it. */
  stream: Duplex;
}

type UpgradeCallback = (ws: WebSocket, request: IncomingMessage) => void;

export class WebSocketLinks {
  private readonly links = new WeakMap<IncomingMessage, WebSocketLink>();
  /** The `wsEngine` to give Socket.IO: ws' own server that remembers what it upgrades. */
  readonly engine: new (options?: ServerOptions) => WebSocketServer;

  constructor() {
    const links = this.links;
    this.engine = class LinkedWebSocketServer extends WebSocketServer {
      override handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: UpgradeCallback): void {
        super.handleUpgrade(request, socket, head, (ws, req) => {
          links.set(request, { ws, stream: socket });
          callback(ws, req);
        });
      }
    };
  }

  /** The link of a connection's first request, if it was upgraded here. */
  of(request: IncomingMessage): WebSocketLink | undefined {
    return this.links.get(request);
  }
}
