// `npm run db:generate` (drizzle-kit) diffs schema.ts against the newest snapshot in
// migrations/meta. Migrations written by hand (triggers, functions, generated columns) must still
// leave a snapshot of the schema they produce, or the next generate writes a stray migration that
// repeats them; and two snapshots with the same id stop drizzle-kit altogether.
import { readdirSync, readFileSync } from 'node:fs';
import * as drizzleKit from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

const meta = new URL('./migrations/meta/', import.meta.url);

interface Snapshot {
  id: string;
  prevId: string;
  [part: string]: unknown;
}

// drizzle-kit's declarations type these through a zod bundled inside it that does not resolve here
// (error types), so they are typed by what they take and give.
const { generateDrizzleJson, generateMigration } = drizzleKit as unknown as {
  generateDrizzleJson: (imports: Record<string, unknown>, prevId?: string) => Snapshot;
  generateMigration: (prev: Snapshot, cur: Snapshot) => Promise<string[]>;
};

function snapshots(): { file: string; snapshot: Snapshot }[] {
  return readdirSync(meta)
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort()
    .map((file) => ({ file, snapshot: JSON.parse(readFileSync(new URL(file, meta), 'utf8')) as Snapshot }));
}

describe('migration snapshots', () => {
  it('form one chain, each pointing at the one before, up to the newest migration', () => {
    const all = snapshots();
    for (let i = 1; i < all.length; i++) {
      expect(all[i]?.snapshot.prevId, all[i]?.file).toBe(all[i - 1]?.snapshot.id);
    }
    expect(new Set(all.map((s) => s.snapshot.id)).size).toBe(all.length);
    const journal = JSON.parse(readFileSync(new URL('_journal.json', meta), 'utf8')) as { entries: { tag: string }[] };
    const newest = journal.entries.at(-1)?.tag ?? '';
    expect(all.at(-1)?.file).toBe(`${newest.slice(0, 4)}_snapshot.json`);
  });

  it('the newest snapshot is schema.ts: db:generate has nothing to write', async () => {
    const newest = snapshots().at(-1)?.snapshot;
    if (!newest) throw new Error('no snapshots');
    const current = generateDrizzleJson(schema, newest.id);
    expect(await generateMigration(newest, current)).toEqual([]);
  });
});
