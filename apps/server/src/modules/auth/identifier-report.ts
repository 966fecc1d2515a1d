// Usernames stored before one spelling per person: the start-up reports the ones the rules would
// now refuse, instead of a migration failing on them or renaming people behind their backs.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { normaliseIdentifier, usernameSkeleton } from '../../lib/identifiers.ts';

export interface IdentifierReport {
  /** Stored in a spelling no login reaches (the lookup compares the normalised input): rename them. */
  unreachable: string[];
  /** Groups of usernames that read the same (one UTS #39 skeleton): people may be mistaken for each other. */
  lookAlikes: string[][];
}

export async function reportIdentifiers(db: Db): Promise<IdentifierReport> {
  const rows = await sqlRows<{ username: string; lowered: string }>(
    db,
    sql`select username, lower(username) as lowered from users order by id`,
  );
  const unreachable = rows.filter((row) => normaliseIdentifier(row.lowered) !== row.lowered).map((row) => row.username);
  const bySkeleton = new Map<string, string[]>();
  for (const { username } of rows) {
    const skeleton = usernameSkeleton(username);
    bySkeleton.set(skeleton, [...(bySkeleton.get(skeleton) ?? []), username]);
  }
  return { unreachable, lookAlikes: [...bySkeleton.values()].filter((group) => group.length > 1) };
}
