// SQL for users, their roles and password reset tokens.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RoleName } from '@liftwacht/contracts/auth';
import type { Db } from '../../db/database.ts';
import { passwordResetTokens, roles, userRoles, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export class AuthRepository {
  constructor(readonly db: Db) {}

  async findUserByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.disabled, false)))
      .orderBy(users.id)
      .limit(1);
    return row;
  }

  async findUserById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async rolesOf(userId: number): Promise<RoleName[]> {
    const rows = await this.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(roles.name);
    return rows.map((r) => r.name as RoleName);
  }

  async insertResetToken(userId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ userId, tokenHash, createdAt: now, expiresAt });
  }

  async findResetToken(tokenHash: string): Promise<ResetTokenRow | undefined> {
    const [row] = await this.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Marks the token used; false when another request used it first (so a token works once even
   * under concurrent use).
   */
  async claimResetToken(db: Db, tokenId: number, now: Date): Promise<boolean> {
    const claimed = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    return claimed.length === 1;
  }

  /** Retires the user's other outstanding reset links once the password changed. */
  async retireResetTokens(db: Db, userId: number, now: Date): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  async updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }
}
