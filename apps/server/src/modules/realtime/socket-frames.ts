// A Socket.IO event as the bytes of the WebSocket frame that carries it, built from the published
// protocols rather than a library's internals: RFC 6455 §5.2 (an unmasked text frame, as a server
// sends it), Engine.IO v4 (packet type "4", message) and Socket.IO v5 (packet type "2", event:
// `2[<namespace>,][<ack id>]<JSON array>`). socket-frames.test.ts checks the result against
// socket.io-parser and a real client.

/** Whether a value holds binary data, which Socket.IO sends as attachments instead of JSON. */
function hasBinary(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return true;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  // Deeper than any message of ours: leave it to Socket.IO's own encoder.
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((item) => hasBinary(item, depth + 1));
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return hasBinary((toJSON as () => unknown).call(value), depth + 1);
  for (const key in value) {
    if (Object.hasOwn(value, key) && hasBinary((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** A Socket.IO event ready to send: its WebSocket frame, and its packet for engine.io's own path. */
export interface EncodedEvent {
  frame: Buffer;
  /** The Socket.IO packet text, which engine.io's `conn.write` sends as an Engine.IO message. */
  packet: string;
}

/**
 * A Socket.IO event (`data` = [event, ...args]) in `namespace`, without acknowledgement, or null
 * when it holds binary data (those go as several frames, Socket.IO's own encoder's business).
 */
export function encodeEvent(namespace: string, data: readonly unknown[]): EncodedEvent | null {
  if (hasBinary(data)) return null;
  const packet = `2${namespace === '/' ? '' : `${namespace},`}${JSON.stringify(data)}`;
  return { frame: textFrame(`4${packet}`), packet };
}

/** An unmasked, final WebSocket text frame carrying `text`. */
function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header, 'utf8');
  return frame;
}
