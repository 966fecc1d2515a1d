// app.liftWrites, the write side the lift form and the spreadsheet import share: bulk creates and
// updates of thousands of lifts on the caller's transaction, with their version checks, rules and
// audit entries.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftFieldsSchema, type LiftFields } from '@liftwacht/contracts/lift-editing';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fieldsOf = (i: number, extra: Partial<LiftFields> = {}): LiftFields =>
  liftFieldsSchema.parse({
    name: `Bulk ${String(i)}`,
    address: `Bulkstraat ${String(i)}`,
    city: 'Utrecht',
    ownerNumber: `B-${String(i).padStart(5, '0')}`,
    serialNumber: `SN${String(i)}`,
    liftType: i % 2 === 0 ? 'personenlift' : null,
    commissionedOn: '2020-01-01',
    ...extra,
  });

const transaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
  t.database.db.transaction((tx) => work(tx as unknown as Db));

async function auditCount(action: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return row?.n ?? 0;
}

async function thrown(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('app.liftWrites', () => {
  it('creates 2,000 lifts in input order, audited, and updates them in bulk with versions bumped', async () => {
    const { owner } = t.fixtures.org;
    const input = Array.from({ length: 2000 }, (_, i) => fieldsOf(i));
    const started = performance.now();
    const ids = await transaction((tx) => t.app.liftWrites.createMany(tx, null, owner, input));
    const createMs = performance.now() - started;
    expect(ids).toHaveLength(2000);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    const stored = await t.app.liftWrites.fieldsOf(t.database.db, owner);
    const byId = new Map(stored.map((s) => [s.id, s]));
    ids.forEach((id, i) => {
      expect(byId.get(id)).toEqual({ id, version: 1, decommissionedOn: null, fields: input[i] });
    });
    expect(await auditCount('lift.created')).toBe(2000);

    const updates = ids.map((id, i) => ({
      id,
      version: 1,
      changes: { city: 'Amsterdam', ...(i % 4 === 0 ? { decommissionedOn: '2026-01-01' } : {}) },
    }));
    const before = performance.now();
    await transaction((tx) => t.app.liftWrites.updateMany(tx, null, updates));
    const updateMs = performance.now() - before;
    const after = await t.app.liftWrites.fieldsOf(t.database.db, owner);
    const bulk = after.filter((s) => ids.includes(s.id));
    expect(bulk.every((s) => s.version === 2 && s.fields.city === 'Amsterdam')).toBe(true);
    expect(bulk.filter((s) => s.decommissionedOn === '2026-01-01')).toHaveLength(500);
    expect(await auditCount('lift.updated')).toBe(2000);
    expect(await auditCount('lift.decommissioned')).toBe(500);
    const [entry] = await sqlRows<{ before: unknown; after: unknown }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'lift.updated' and subject_id = ${String(ids[1])}`,
    );
    expect(entry).toEqual({ before: { city: 'Utrecht' }, after: { city: 'Amsterdam' } });
    // Generous bounds for a shared CI machine; the import's benchmark measures 10,000 rows.
    expect(createMs).toBeLessThan(10_000);
    expect(updateMs).toBeLessThan(10_000);
  });

  it('a stale version fails the whole batch with 409 and writes nothing', async () => {
    const { owner } = t.fixtures.org;
    const [a, b] = await transaction((tx) =>
      t.app.liftWrites.createMany(tx, null, owner, [fieldsOf(90_001), fieldsOf(90_002)]),
    );
    if (a === undefined || b === undefined) throw new Error('no ids');
    const err = await thrown(
      transaction((tx) =>
        t.app.liftWrites.updateMany(tx, null, [
          { id: a, version: 1, changes: { name: 'Nieuw A' } },
          { id: b, version: 7, changes: { name: 'Nieuw B' } },
        ]),
      ),
    );
    expect(err.statusCode).toBe(409);
    expect(err.body).toEqual({ current: [{ id: b, version: 1 }] });
    const stored = (await t.app.liftWrites.fieldsOf(t.database.db, owner)).filter((s) => s.id === a || s.id === b);
    expect(stored.map((s) => [s.fields.name, s.version])).toEqual([
      ['Bulk 90001', 1],
      ['Bulk 90002', 1],
    ]);
  });

  it('refuses an owner number taken in the organisation, but not a swap within one batch', async () => {
    const { owner, stranger } = t.fixtures.org;
    const taken = await thrown(
      transaction((tx) => t.app.liftWrites.createMany(tx, null, owner, [fieldsOf(90_003, { ownerNumber: 'B-00001' })])),
    );
    expect([taken.statusCode, taken.field]).toEqual([409, 'ownerNumber']);
    // Another organisation may use the same number.
    await transaction((tx) =>
      t.app.liftWrites.createMany(tx, null, stranger, [fieldsOf(90_004, { ownerNumber: 'B-00001' })]),
    );

    const [x, y] = await transaction((tx) =>
      t.app.liftWrites.createMany(tx, null, owner, [
        fieldsOf(90_005, { ownerNumber: 'SWAP-1' }),
        fieldsOf(90_006, { ownerNumber: 'SWAP-2' }),
      ]),
    );
    if (x === undefined || y === undefined) throw new Error('no ids');
    await transaction((tx) =>
      t.app.liftWrites.updateMany(tx, null, [
        { id: x, version: 1, changes: { ownerNumber: 'SWAP-2' } },
        { id: y, version: 1, changes: { ownerNumber: 'SWAP-1' } },
      ]),
    );
    const renamed = await thrown(
      transaction((tx) =>
        t.app.liftWrites.updateMany(tx, null, [{ id: x, version: 2, changes: { ownerNumber: 'SWAP-1' } }]),
      ),
    );
    expect([renamed.statusCode, renamed.field]).toEqual([409, 'ownerNumber']);
  });

  it('refuses a decommission day before the commission day, naming the field', async () => {
    const { owner } = t.fixtures.org;
    const [id] = await transaction((tx) => t.app.liftWrites.createMany(tx, null, owner, [fieldsOf(90_007)]));
    if (id === undefined) throw new Error('no id');
    const err = await thrown(
      transaction((tx) =>
        t.app.liftWrites.updateMany(tx, null, [{ id, version: 1, changes: { decommissionedOn: '2019-12-31' } }]),
      ),
    );
    expect([err.statusCode, err.field]).toEqual([400, 'decommissionedOn']);
  });
});
