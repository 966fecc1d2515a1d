// Usernames and emails stored before one spelling per person: the start-up stores every user's keys
// in the server's one function (a migration cannot: the skeleton needs the confusables data) and
// reports the rows that could not take theirs, instead of a migration failing on them or renaming
// people behind their backs.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { identifierKeys } from '../../lib/identifiers.ts';
import { violatedIdentifier } from '../../lib/identifiers-sql.ts';

export interface IdentifierReport {
  /** Whose normalised username an older user holds: the login reaches that user, never these. Rename them. */
  unreachable: string[];
  /** Groups of usernames that read the same (one UTS #39 skeleton): people may be mistaken for each other. */
  lookAlikes: string[][];
  /** Groups of usernames sharing one email address in some spelling: a reset link reaches the oldest only. */
  sharedEmails: string[][];
}

interface StoredUser {
  id: number;
  username: string;
  email: string;
  usernameKey: string | null;
  usernameSkeleton: string | null;
  emailKey: string | null;
}

const columns = { usernameKey: sql`username_key`, usernameSkeleton: sql`username_skeleton`, emailKey: sql`email_key` };
type KeyColumn = keyof typeof columns;

/**
 * Sets one stored key; a key an older (or already re-keyed) user holds is left to that user and this
 * row keeps none, which the report names. True when the row changed.
 */
async function store(db: Db, row: StoredUser, column: KeyColumn, value: string): Promise<boolean> {
  if (row[column] === value) return false;
  try {
    await db.execute(sql`update users set ${columns[column]} = ${value} where id = ${row.id}`);
    row[column] = value;
    return true;
  } catch (err) {
    if (!violatedIdentifier(err)) throw err;
  }
  if (row[column] === null) return false;
  // Its key was the database's spelling of it, which the server's function does not give: not its key.
  await db.execute(sql`update users set ${columns[column]} = null where id = ${row.id}`);
  row[column] = null;
  return true;
}

/**
 * Stores every user's keys as the server computes them, oldest user first, and reports what stayed
 * unkeyed. Each update is a statement of its own, so a refused one changes nothing else; a second
 * pass lets a row take a key another row gave up in the first.
 */
export async function keyIdentifiers(db: Db): Promise<IdentifierReport> {
  const rows = await sqlRows<StoredUser>(
    db,
    sql`select id, username, email, username_key as "usernameKey", username_skeleton as "usernameSkeleton",
          email_key as "emailKey"
        from users order by id`,
  );
  for (let pass = 0; pass < 2; pass++) {
    let changed = false;
    for (const row of rows) {
      const keys = identifierKeys(row.username, row.email);
      for (const column of Object.keys(columns) as KeyColumn[]) {
        if (await store(db, row, column, keys[column])) changed = true;
      }
    }
    if (!changed) break;
  }
  return {
    unreachable: rows.filter((row) => row.usernameKey === null).map((row) => row.username),
    lookAlikes: groupsOf(rows, 'usernameSkeleton'),
    sharedEmails: groupsOf(rows, 'emailKey'),
  };
}

/** Each unkeyed row with the rows whose key it would have had, in id order. */
function groupsOf(rows: StoredUser[], column: 'usernameSkeleton' | 'emailKey'): string[][] {
  const groups = new Map<string, StoredUser[]>();
  for (const row of rows) {
    const key = identifierKeys(row.username, row.email)[column];
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1 && group.some((row) => row[column] === null))
    .map((group) => group.map((row) => row.username));
}
