// Invitation links live beside the reset links (password_reset_tokens, purpose 'invitation'), so
// POST /liftwacht/password-reset sets the first password exactly as it sets a new one.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { passwordResetTokens } from '../../db/schema.ts';

export class InvitationTokensRepository {
  async insert(db: Db, userId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
    await db.execute(
      sql`insert into password_reset_tokens (user_id, token_hash, purpose, created_at, expires_at)
          values (${userId}, ${tokenHash}, 'invitation', ${now.toISOString()}::timestamptz,
                  ${expiresAt.toISOString()}::timestamptz)`,
    );
  }

  /** Retires the user's open invitation links: they answer as used from now on. */
  async retire(db: Db, userId: number, now: Date): Promise<void> {
    await db.execute(
      sql`update password_reset_tokens set used_at = ${now.toISOString()}::timestamptz
          where user_id = ${userId} and purpose = 'invitation' and used_at is null`,
    );
  }

  /**
   * Deletes every unused link of the user (invitations and reset links alike) and returns how many
   * there were. Deleted rather than marked used: a used link answers "already used", which would
   * tell whoever holds a link sent to the old address that it once existed; a deleted one answers
   * exactly like a link that never was.
   */
  async deleteOpen(db: Db, userId: number): Promise<number> {
    const deleted = await db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    return deleted.length;
  }
}
