// The stored side of one spelling per person: every user row keeps its username and email in their
// normalised form and its username's skeleton (lib/identifiers.ts), each under a unique index, so
// lookup, uniqueness and the look-alike rule are index reads, and two look-alikes created at once
// cannot both be stored: the second insert fails on the index.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { AppError, conflict } from './app-error.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { looksLikeAny, normaliseIdentifier, usernameSkeleton } from './identifiers.ts';

/** The unique indexes of the stored keys (migration 0036), by what they keep unique. */
export const identifierIndexes = {
  username: 'users_username_key_unique',
  lookAlike: 'users_username_skeleton_unique',
  email: 'users_email_key_unique',
} as const;
export type IdentifierIndex = keyof typeof identifierIndexes;

/** Which stored key's unique index refused a write (err or what it wraps), if one did. */
export function violatedIdentifier(err: unknown): IdentifierIndex | undefined {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    for (const [which, name] of Object.entries(identifierIndexes)) {
      if (constraint === name) return which as IdentifierIndex;
    }
    return undefined;
  }
  return undefined;
}

/**
 * The answer when a username or email is taken, by a check or by its unique index (two creations at
 * once): 409 on the field, `username_look_alike` when it only reads like another, `email_taken`.
 */
export function identifierTaken(which: IdentifierIndex): AppError {
  if (which === 'lookAlike') {
    return new AppError(
      409,
      'username_look_alike',
      'This username looks too much like an existing one: choose one that reads differently',
      'username',
    );
  }
  if (which === 'email') return new AppError(409, 'email_taken', 'This email address belongs to another user', 'email');
  return conflict('This username is taken', 'username');
}

export async function usernameKeyTaken(db: Db, username: string): Promise<boolean> {
  const key = normaliseIdentifier(username);
  return (await sqlRows(db, sql`select 1 from users where username_key = ${key} limit 1`)).length > 0;
}

/** Whether another user (any but exceptUserId) has this email address in any spelling. */
export async function emailKeyTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const key = normaliseIdentifier(email);
  const other = exceptUserId === undefined ? sql`` : sql` and id <> ${exceptUserId}`;
  return (await sqlRows(db, sql`select 1 from users where email_key = ${key}${other} limit 1`)).length > 0;
}

/**
 * Whether the username reads like an existing one (same UTS #39 skeleton) in any organisation: one
 * index read on the stored skeletons, plus the few rows that hold none yet (written without the
 * server's keys since the last start-up, or look-alikes stored before the rule, which the start-up
 * reports), whose skeletons are computed here.
 */
export async function usernameLookAlikeTaken(db: Db, username: string): Promise<boolean> {
  const skeleton = usernameSkeleton(username);
  const keyed = await sqlRows(db, sql`select 1 from users where username_skeleton = ${skeleton} limit 1`);
  if (keyed.length > 0) return true;
  const unkeyed = await sqlRows<{ username: string }>(
    db,
    sql`select username from users where username_skeleton is null`,
  );
  return looksLikeAny(
    username,
    unkeyed.map((row) => row.username),
  );
}
