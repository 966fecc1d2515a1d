// SQL of the one-time setup token in `meta`: only its SHA-256 is stored, next to where and when it
// was issued (so another node can tell the operator where to look).
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { meta } from '../../db/schema.ts';

const tokenKey = 'setup_token_sha256';
const issuedKey = 'setup_token_issued';

export interface TokenIssue {
  /** When the token was issued (ISO 8601). */
  at: string;
  /** Who issued it: a server node (host:port) or the admin command line. */
  by: string;
}

export class SetupRepository {
  constructor(readonly db: Db) {}

  /**
   * Stores the token hash unless one is stored already; true when this call stored it. Nodes that
   * start together race here: the primary key lets exactly one insert, the others wait for its
   * commit and insert nothing.
   */
  async insertTokenIfAbsent(tokenHash: string, issue: TokenIssue): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const inserted = await db
        .insert(meta)
        .values({ key: tokenKey, value: tokenHash })
        .onConflictDoNothing()
        .returning({ key: meta.key });
      if (inserted.length === 0) return false;
      await this.writeIssue(db, issue);
      return true;
    });
  }

  /** Replaces whatever token exists (the command line's `setup-token`, for a token nobody kept). */
  async replaceToken(tokenHash: string, issue: TokenIssue): Promise<void> {
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db
        .insert(meta)
        .values({ key: tokenKey, value: tokenHash })
        .onConflictDoUpdate({ target: meta.key, set: { value: tokenHash } });
      await this.writeIssue(db, issue);
    });
  }

  async tokenIssue(): Promise<TokenIssue | null> {
    const [row] = await this.db.select({ value: meta.value }).from(meta).where(eq(meta.key, issuedKey));
    if (!row) return null;
    try {
      return JSON.parse(row.value) as TokenIssue;
    } catch {
      return null;
    }
  }

  /**
   * Removes the token when its hash matches; false when it does not (or it is gone). A second
   * setup with the same token waits on the row lock of the first and then finds nothing to remove.
   */
  async claimToken(db: Db, tokenHash: string): Promise<boolean> {
    const removed = await db
      .delete(meta)
      .where(sql`${meta.key} = ${tokenKey} and ${meta.value} = ${tokenHash}`)
      .returning({ key: meta.key });
    if (removed.length === 0) return false;
    await db.delete(meta).where(eq(meta.key, issuedKey));
    return true;
  }

  /** Forgets the token: the first user exists, however it was created. */
  async dropToken(db: Db = this.db): Promise<void> {
    await db.delete(meta).where(inArray(meta.key, [tokenKey, issuedKey]));
  }

  private async writeIssue(db: Db, issue: TokenIssue): Promise<void> {
    const value = JSON.stringify(issue);
    await db.insert(meta).values({ key: issuedKey, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
  }
}
