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
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

export async function preparedRows<T>(database: Pick<Database, 'query'>, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) {
    name = `lw_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return (await database.query(text, params, name)) as T[];
}
