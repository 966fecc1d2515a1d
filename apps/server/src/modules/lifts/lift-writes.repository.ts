// SQL that writes lifts: multi-row inserts and updates through one JSON parameter per batch (one
// statement per few hundred lifts instead of one per lift, and none so long that PGlite holds the
// event loop for it: lib/batches.ts), and the rows an edit starts from, locked.
import { getTableColumns, sql } from 'drizzle-orm';
import { liftFieldNames, type LiftField, type LiftFields } from '@liftwacht/contracts/lift-editing';
import type { Db } from '../../db/database.ts';
import { lifts } from '../../db/schema.ts';
import { insertRows } from '../../db/seed/bulk-insert.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { batchesOf, mapBatches, nextTurn, readBatchSize, writeBatchSize } from '../../lib/batches.ts';

/** Lifts per read of an organisation's lifts (import matching): about as long as a write batch. */
const readPageSize = 1000;
/** Ids per statement taken from the sequence (a cheap statement). */
const idBatchSize = 5000;

/** A lift as the write side sees it: its editable fields and what guards them. */
export interface StoredLift {
  id: number;
  organisationId: number;
  version: number;
  decommissionedOn: string | null;
  fields: LiftFields;
}

/** The columns an update writes: every editable field and the decommission day. */
const updatedKeys = [
  ...liftFieldNames,
  'decommissionedOn',
] as const satisfies readonly (keyof typeof lifts.$inferInsert)[];
type UpdatedKey = (typeof updatedKeys)[number];

// Advisory lock class for "the owner numbers of one organisation" (the other key is its id).
const ownerNumberLockClass = 17_001;

type LiftColumns = ReturnType<typeof getTableColumns<typeof lifts>>;
/**
 * The lifts' stored columns without what the database derives from them (the search text and the
 * list's JSON, ~1 KB a lift): import matching reads every lift of an organisation.
 */
const storedColumns = Object.fromEntries(
  Object.entries(getTableColumns(lifts)).filter(([key]) => key !== 'searchText' && key !== 'ownJson'),
) as Omit<LiftColumns, 'searchText' | 'ownJson'>;
type StoredRow = Omit<typeof lifts.$inferSelect, 'searchText' | 'ownJson'>;

function fieldsOfRow(row: StoredRow): LiftFields {
  const fields = {} as Record<LiftField, unknown>;
  for (const name of liftFieldNames) fields[name] = row[name];
  return fields as LiftFields;
}

export class LiftWritesRepository {
  /**
   * Takes `count` new lift ids from the sequence, ascending: the caller inserts with explicit ids,
   * so ids follow the input order without relying on the order RETURNING happens to produce.
   */
  async allocateIds(db: Db, count: number): Promise<number[]> {
    // Each statement's ids come from the sequence after the previous one's: ascending throughout.
    return mapBatches(
      Array.from({ length: count }, (_, i) => i),
      async (batch) => {
        const rows = await sqlRows<{ id: number }>(
          db,
          sql`select nextval(pg_get_serial_sequence('lifts', 'id'))::int as id from generate_series(1, ${batch.length})`,
        );
        return rows.map((r) => r.id).sort((a, b) => a - b);
      },
      idBatchSize,
    );
  }

  async insert(
    db: Db,
    organisationId: number,
    rows: readonly { id: number; fields: LiftFields }[],
    now: Date,
  ): Promise<void> {
    await insertRows(
      db,
      lifts,
      rows.map(({ id, fields }) => ({ id, organisationId, ...fields, updatedAt: now, version: 1 })),
      writeBatchSize,
    );
  }

  /**
   * The lifts with these ids, locked for the rest of the transaction: in id order (no deadlocks),
   * batch after batch in ascending ids, so the order holds across batches too.
   */
  async lock(db: Db, ids: readonly number[]): Promise<StoredLift[]> {
    return mapBatches(
      [...new Set(ids)].sort((a, b) => a - b),
      async (batch) => {
        const rows = await db
          .select(storedColumns)
          .from(lifts)
          .where(sql`${lifts.id} = any(${sql.param(batch)}::int[])`)
          .orderBy(lifts.id)
          .for('update');
        return rows.map(storedOf);
      },
      readBatchSize,
    );
  }

  /** Every lift of the organisation with its stored fields (import matching), a page at a time. */
  async ofOrganisation(db: Db, organisationId: number): Promise<StoredLift[]> {
    const out: StoredLift[] = [];
    for (let after = 0; ;) {
      const rows = await db
        .select(storedColumns)
        .from(lifts)
        .where(sql`${lifts.organisationId} = ${organisationId} and ${lifts.id} > ${after}`)
        .orderBy(lifts.id)
        .limit(readPageSize);
      out.push(...rows.map(storedOf));
      const last = rows.at(-1);
      if (!last || rows.length < readPageSize) return out;
      after = last.id;
      await nextTurn();
    }
  }

  /** Writes every field of each row, bumps its version and sets updated_at. */
  async update(
    db: Db,
    rows: readonly { id: number; fields: LiftFields; decommissionedOn: string | null }[],
    now: Date,
  ): Promise<void> {
    const columns = getTableColumns(lifts);
    const assignments = updatedKeys.map((key) => sql`${sql.identifier(columns[key].name)} = r.${sql.identifier(key)}`);
    const recordType = updatedKeys.map(
      (key: UpdatedKey) => sql`${sql.identifier(key)} ${sql.raw(columns[key].getSQLType())}`,
    );
    for (const [i, batch] of batchesOf(rows).entries()) {
      if (i > 0) await nextTurn();
      const json = JSON.stringify(batch.map((r) => ({ id: r.id, ...r.fields, decommissionedOn: r.decommissionedOn })));
      await db.execute(sql`
        update lifts l set ${sql.join(assignments, sql`, `)},
          version = l.version + 1, updated_at = ${now.toISOString()}::timestamptz
        from json_to_recordset(${json}::json) as r(id int, ${sql.join(recordType, sql`, `)})
        where l.id = r.id`);
    }
  }

  /**
   * Serialises owner-number changes per organisation until the transaction ends, so two writers
   * cannot both pass the duplicate check with the same new number.
   */
  async lockOwnerNumbers(db: Db, organisationIds: readonly number[]): Promise<void> {
    for (const id of [...new Set(organisationIds)].sort((a, b) => a - b)) {
      await db.execute(sql`select pg_advisory_xact_lock(${ownerNumberLockClass}, ${id})`);
    }
  }

  /** One owner number among `ownerNumbers` that more than one lift of its organisation carries. */
  async duplicateOwnerNumber(
    db: Db,
    organisationIds: readonly number[],
    ownerNumbers: readonly string[],
  ): Promise<string | undefined> {
    if (ownerNumbers.length === 0) return undefined;
    // A hash join with the numbers: one pass over the organisation's lifts (owner_number has no
    // index), however many numbers are asked.
    const [row] = await sqlRows<{ ownerNumber: string }>(
      db,
      sql`select l.owner_number as "ownerNumber" from lifts l
          join unnest(${sql.param([...new Set(ownerNumbers)])}::text[]) as n(owner_number) on n.owner_number = l.owner_number
          where l.organisation_id = any(${sql.param([...new Set(organisationIds)])}::int[])
          group by l.organisation_id, l.owner_number having count(*) > 1
          order by l.owner_number limit 1`,
    );
    return row?.ownerNumber;
  }
}

function storedOf(row: StoredRow): StoredLift {
  return {
    id: row.id,
    organisationId: row.organisationId,
    version: row.version,
    decommissionedOn: row.decommissionedOn,
    fields: fieldsOfRow(row),
  };
}
