import { Encoder, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { encodeEvent } from './socket-frames.ts';

/** Reads an unmasked WebSocket frame back: FIN, opcode and payload text (RFC 6455 §5.2). */
function readFrame(frame: Buffer): { fin: boolean; opcode: number; text: string } {
  const first = frame[0] ?? 0;
  const second = frame[1] ?? 0;
  expect(second & 0x80).toBe(0); // a server never masks
  let length = second & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = frame.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    length = Number(frame.readBigUInt64BE(2));
    offset = 10;
  }
  expect(frame.length).toBe(offset + length);
  return { fin: (first & 0x80) !== 0, opcode: first & 0x0f, text: frame.subarray(offset).toString('utf8') };
}

/** What Socket.IO's own encoder makes of the event, with Engine.IO's message type in front. */
function socketIoText(nsp: string, data: unknown[]): string {
  const encoded = new Encoder().encode({ type: PacketType.EVENT, nsp, data });
  expect(encoded).toHaveLength(1);
  return `4${String(encoded[0])}`;
}

describe('encodeEvent', () => {
  it.each([
    ['short (7-bit length)', 'x'.repeat(10)],
    ['just below 126 bytes', 'x'.repeat(100)],
    ['medium (16-bit length)', 'x'.repeat(1_000)],
    ['long (64-bit length)', 'x'.repeat(70_000)],
    ['multi-byte characters', 'é€😀'.repeat(50)],
  ])('frames an event as socket.io-parser encodes it: %s', (_, note) => {
    const data = ['module', { es: 'ES-1', message: { f: { note } } }];
    for (const nsp of ['/', '/admin']) {
      const encoded = encodeEvent(nsp, data);
      if (!encoded) throw new Error('not encoded');
      expect(readFrame(encoded.frame)).toEqual({ fin: true, opcode: 1, text: socketIoText(nsp, data) });
      expect(`4${encoded.packet}`).toBe(socketIoText(nsp, data));
    }
  });

  it('leaves events that carry binary data to Socket.IO', () => {
    expect(encodeEvent('/', ['file', { body: Buffer.from('x') }])).toBeNull();
    expect(encodeEvent('/', ['file', [new Uint8Array(2)]])).toBeNull();
    expect(encodeEvent('/', ['file', { nested: { deeper: new ArrayBuffer(1) } }])).toBeNull();
  });
});
