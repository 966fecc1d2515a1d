import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, lifts } from '../../db/schema.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { approvalExpiredAt } from '../inspections/approval-expiry.ts';
import { csvFile, importClient, previewOf } from './lift-spreadsheets-test-support.ts';

// The state events an imported inspection leaves behind, as one recorded on the lift page does
// (inspection-state.ts): the import writes them for many lifts at once, so each rule is held here
// on its own lift, across two imports of the same lifts.
const t = useTestApp();
const client = importClient(t);
const admin = 'test-admin';
let owner = 0;

beforeAll(() => {
  owner = t.fixtures.org.owner;
});

const header = ['Naam', 'Adres', 'Eigenaarsnummer', 'Laatste keuring', 'Keuringsresultaat', 'Keuring geldig tot'];

async function applied(rows: string[][]): Promise<void> {
  const preview = previewOf(await client.upload(admin, csvFile([header, ...rows], ';'), owner));
  expect(preview.counts.error, JSON.stringify(preview.rows.flatMap((r) => r.problems))).toBe(0);
  const res = await client.apply(admin, preview.id);
  expect(res.statusCode, res.body).toBe(200);
}

/** The state events of the lift with this owner number: type, start, and whether still open. */
async function statesOf(ownerNumber: string) {
  const [lift] = await t.database.db.select({ id: lifts.id }).from(lifts).where(eq(lifts.ownerNumber, ownerNumber));
  if (!lift) throw new Error(`no lift ${ownerNumber}`);
  const rows = await t.database.db
    .select({ type: events.type, startedAt: events.startedAt, endedAt: events.endedAt, closed: events.closed })
    .from(events)
    .where(and(eq(events.liftId, lift.id), inArray(events.type, ['approval_rejected', 'approval_expired'])))
    .orderBy(events.id);
  return rows.map((e) => ({
    type: e.type,
    startedAt: e.startedAt.toISOString(),
    open: e.endedAt === null && !e.closed,
  }));
}

describe('state events of imported inspections', () => {
  it('opens approval_rejected and approval_expired, ends them on an approval, and never opens one twice', async () => {
    const importedAt = t.clock.now().toISOString();
    await applied([
      ['Staat A', 'Staatweg 1', 'ST-A', '2025-03-01', 'afgekeurd', ''],
      ['Staat B', 'Staatweg 2', 'ST-B', '2023-06-01', 'goedgekeurd', '2024-06-01'],
      ['Staat C', 'Staatweg 3', 'ST-C', '2025-02-01', 'goedgekeurd', '2027-02-01'],
    ]);
    expect(await statesOf('ST-A')).toEqual([{ type: 'approval_rejected', startedAt: importedAt, open: true }]);
    const expiredB = approvalExpiredAt('2024-06-01').toISOString();
    expect(await statesOf('ST-B')).toEqual([{ type: 'approval_expired', startedAt: expiredB, open: true }]);
    expect(await statesOf('ST-C')).toEqual([]);

    // The same lifts again, matched by owner number: A approved, B approved and expired again, C rejected.
    t.clock.advance(60_000);
    const secondAt = t.clock.now().toISOString();
    await applied([
      ['Staat A', 'Staatweg 1', 'ST-A', '2025-06-01', 'goedgekeurd', '2027-06-01'],
      ['Staat B', 'Staatweg 2', 'ST-B', '2025-01-10', 'goedgekeurd', '2025-02-01'],
      ['Staat C', 'Staatweg 3', 'ST-C', '2025-06-01', 'afgekeurd', ''],
    ]);
    expect(await statesOf('ST-A')).toEqual([{ type: 'approval_rejected', startedAt: importedAt, open: false }]);
    expect(await statesOf('ST-B')).toEqual([{ type: 'approval_expired', startedAt: expiredB, open: true }]);
    expect(await statesOf('ST-C')).toEqual([{ type: 'approval_rejected', startedAt: secondAt, open: true }]);
  });
});
