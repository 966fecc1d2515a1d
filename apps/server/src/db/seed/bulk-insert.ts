// Multi-row inserts through json_to_recordset: one JSON parameter per chunk instead of one
// parameter per value. On PGlite this is about five times faster than Drizzle's values([...]),
// which matters because the default fleet must seed in seconds at every `npm start`.
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database.ts';
import { rowsOf } from './query-rows.ts';

const defaultChunkSize = 5000;

// A serial column is an integer with a default: the record type names the integer, so rows may
// carry ids taken from the sequence beforehand.
const recordTypes: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

function insertStatement(table: PgTable, keys: readonly string[], json: string, returning: readonly string[]): SQL {
  const columns = getTableColumns(table);
  const target: SQL[] = [];
  const selected: SQL[] = [];
  const recordType: SQL[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    target.push(sql`${sql.identifier(column.name)}`);
    selected.push(sql`r.${sql.identifier(key)}`);
    recordType.push(sql`${sql.identifier(key)} ${sql.raw(recordTypes[column.getSQLType()] ?? column.getSQLType())}`);
  }
  const returningColumns = returning.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`;
  });
  return sql`insert into ${table} (${sql.join(target, sql`, `)})
    select ${sql.join(selected, sql`, `)}
    from json_to_recordset(${json}::json) as r(${sql.join(recordType, sql`, `)})
    ${returning.length > 0 ? sql`returning ${sql.join(returningColumns, sql`, `)}` : sql``}`;
}

/**
 * Inserts rows in chunks. Every row must carry the same keys (those of the first row): a key left
 * out would become NULL rather than the column default, so generators spell out every column.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkSize = defaultChunkSize,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const keys = Object.keys(first);
  for (let i = 0; i < rows.length; i += chunkSize) {
    await db.execute(insertStatement(table, keys, JSON.stringify(rows.slice(i, i + chunkSize)), []));
  }
}

/** insertRows that hands back the named columns of every inserted row (e.g. the new ids). */
export async function insertRowsReturning<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning: readonly K[],
  chunkSize = defaultChunkSize,
): Promise<Pick<T['$inferSelect'], K>[]> {
  const first = rows[0];
  if (!first) return [];
  const keys = Object.keys(first);
  const out: Pick<T['$inferSelect'], K>[] = [];
  for (let i = 0; i < rows.length; i += chunkSize) {
    const result = await db.execute(
      insertStatement(table, keys, JSON.stringify(rows.slice(i, i + chunkSize)), returning),
    );
    out.push(...rowsOf<Pick<T['$inferSelect'], K>>(result));
  }
  return out;
}
