// The sheet streams: drawing waits for a slow reader (bounded memory for thousands of lifts), and a
// batch that fails ends the download with that error instead of a truncated "complete" PDF.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Lift } from '@liftwacht/contracts/lifts';
import { catalogue } from '../../lib/server-i18n.ts';
import { renderStickerSheet } from './sticker-sheet.ts';

function lift(id: number): Lift {
  return {
    id,
    organisationId: 1,
    details: {
      liftname: `Lift ${String(id)}`,
      address: `Straat ${String(id)}`,
      postalCode: null,
      city: null,
      sbclId: null,
    },
  } as Lift;
}

/** `count` lifts in batches of 100; `pulled` tells how many batches were asked for. */
function batches(count: number, failAt?: number) {
  const state = { pulled: 0 };
  const lifts = (async function* () {
    for (let start = 0; start < count; start += 100) {
      state.pulled++;
      await sleep(0); // a database round trip
      if (start === failAt) throw new Error('database went away');
      yield Array.from({ length: Math.min(100, count - start) }, (_, i) => lift(start + i + 1));
    }
  })();
  return { state, lifts };
}

const render = (lifts: AsyncIterable<Lift[]>) =>
  renderStickerSheet({
    texts: catalogue('nl')['lift-stickers'],
    locale: 'nl',
    createdAt: new Date('2026-11-25T12:00:00Z'),
    lifts,
    urlOf: (id) => `https://portal.example/lifts/${String(id)}?sticker=1`,
  });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('renderStickerSheet', () => {
  it('waits for a reader that does not read, then draws every lift once it does', async () => {
    const { state, lifts } = batches(3000);
    const doc = render(lifts);
    await sleep(300);
    // A few pages ahead at most, not 3,000 lifts' worth.
    expect(state.pulled).toBeLessThan(30);
    expect(doc.readableLength).toBeLessThan(2 * 1024 * 1024);
    const pdf = await readAll(doc);
    expect(state.pulled).toBe(30);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(Math.ceil(3000 / 21));
  }, 60_000);

  it('ends the stream with the error of a failed batch', async () => {
    const { lifts } = batches(500, 200);
    await expect(readAll(render(lifts))).rejects.toThrow('database went away');
  });
});
