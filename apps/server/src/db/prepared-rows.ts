// A hot read as a named prepared statement: PostgreSQL parses and plans it once per connection
// (after five runs it keeps a generic plan) instead of on every request. The lift list's statement
// spent ~1.4 ms planning for ~0.3 ms of work at the demo fleet's size. On PGlite the statement is
// prepared with SQL PREPARE and run with EXECUTE (database.ts, preparedOnPglite).
//
// Only for statements whose plan does not depend on a parameter's value: a generic plan of
// `search_text like $1` cannot use the trigram index a custom plan uses. The name is derived from
// the text, so one text is one statement on every connection and a changed text a new one; keep the
// number of distinct texts bounded (each stays prepared on every pooled connection).
import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();
/** A statement kept by its caller and built with placeholders is turned into text once. */
const built = new WeakMap<SQL, { text: string; params: unknown[]; name: string }>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lw_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `query` as a named prepared statement. With `values`, `query` is a statement the caller
 * keeps (built once, with sql.placeholder for what changes): its text and name are worked out on
 * the first run only, and each run fills in the values (drizzle's build of the lift list's
 * statement was ~5 % of the server's CPU per request).
 */
export async function preparedRows<T>(
  database: Pick<Database, 'query'>,
  query: SQL,
  values?: Record<string, unknown>,
): Promise<T[]> {
  if (values) {
    let statement = built.get(query);
    if (!statement) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      statement = { text, params, name: nameOf(text) };
      built.set(query, statement);
    }
    return (await database.query(statement.text, fillPlaceholders(statement.params, values), statement.name)) as T[];
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await database.query(text, params, nameOf(text))) as T[];
}
