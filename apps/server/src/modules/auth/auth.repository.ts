// SQL for users, their roles, their own profile and password, and password reset tokens.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Locale, RoleName } from '@liftwacht/contracts/auth';
import type { Organisation } from '@liftwacht/contracts/organisations';
import type { Db } from '../../db/database.ts';
import { identifierKeys, normaliseIdentifier } from '../../lib/identifiers.ts';
import { emailKeyTaken, usernameLookAlikeTaken } from '../../lib/identifiers-sql.ts';
import { organisations, passwordResetTokens, roles, sessions, userRoles, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type OrganisationRow = Pick<typeof organisations.$inferSelect, 'id' | 'name' | 'type'>;

export interface NewUser {
  username: string;
  name: string;
  email: string;
  locale: Locale;
  organisationId: number;
  passwordHash: string;
}

export interface ProfileChange {
  name: string;
  email: string;
  locale: Locale;
}

export class AuthRepository {
  constructor(readonly db: Db) {}

  /** By the stored key (users.username_key, unique): every spelling of a username reaches one user. */
  async findUserByUsername(username: string, db: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.usernameKey, normaliseIdentifier(username)));
    return row;
  }

  /** Whether the username reads like an existing one (same UTS #39 skeleton) in any organisation. */
  usernameLookAlikeTaken(db: Db, username: string): Promise<boolean> {
    return usernameLookAlikeTaken(db, username);
  }

  /** Whether another user than exceptUserId has the email address in any spelling. */
  emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
    return emailKeyTaken(db, email, exceptUserId);
  }

  /** By the stored key (users.email_key, unique), so one address reaches at most one user. */
  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.emailKey, normaliseIdentifier(email)), eq(users.disabled, false)));
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

  async resetTokenExists(db: Db, tokenId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, tokenId));
    return row !== undefined;
  }

  /**
   * Deletes the user's unused links (reset and invitation) after an email change and returns how
   * many there were. Deleted, not marked used, so an old link answers exactly like an unknown one.
   */
  async deleteOpenLinks(db: Db, userId: number): Promise<number> {
    const deleted = await db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    return deleted.length;
  }

  /** The user's row, locked until the transaction ends, so two edits of one profile queue up. */
  async lockUser(db: Db, userId: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
    return row;
  }

  async updateProfile(db: Db, userId: number, change: ProfileChange, now: Date): Promise<void> {
    await db
      .update(users)
      .set({
        ...change,
        emailKey: normaliseIdentifier(change.email),
        version: sql`${users.version} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  }

  /** A new password chosen by the user (or set by an operator): a new version of the user row. */
  async setPasswordHash(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, version: sql`${users.version} + 1`, updatedAt: now })
      .where(eq(users.id, userId));
  }

  /** Revokes every live session of the user (but keepSessionId when given); returns the ids it revoked. */
  async revokeSessions(db: Db, userId: number, now: Date, keepSessionId?: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  async anyUserExists(db: Db = this.db): Promise<boolean> {
    const rows = await db.select({ id: users.id }).from(users).limit(1);
    return rows.length > 0;
  }

  /** The organisation that runs Liftwacht: the one of the oldest system administrator, if any. */
  async platformOrganisation(db: Db): Promise<OrganisationRow | undefined> {
    const [row] = await db
      .select({ id: organisations.id, name: organisations.name, type: organisations.type })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(eq(roles.name, 'system-admin'))
      .orderBy(users.id)
      .limit(1);
    return row;
  }

  /** The organisation with exactly this name (case-insensitive), the oldest when several share it. */
  async findOrganisationByName(db: Db, name: string): Promise<OrganisationRow | undefined> {
    const [row] = await db
      .select({ id: organisations.id, name: organisations.name, type: organisations.type })
      .from(organisations)
      .where(sql`lower(${organisations.name}) = lower(${name})`)
      .orderBy(organisations.id)
      .limit(1);
    return row;
  }

  async insertOrganisation(db: Db, name: string, type: Organisation['type'], now: Date): Promise<OrganisationRow> {
    const [row] = await db
      .insert(organisations)
      .values({ name, type, createdAt: now, updatedAt: now })
      .returning({ id: organisations.id, name: organisations.name, type: organisations.type });
    if (!row) throw new Error('the organisation was not inserted');
    return row;
  }

  /** Inserts the user with one role; the roles exist from the first migration on. */
  async insertUser(db: Db, user: NewUser, role: RoleName, now: Date): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({
        ...user,
        ...identifierKeys(user.username, user.email),
        disabled: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('the user was not inserted');
    const [roleRow] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    if (!roleRow) throw new Error(`the role ${role} does not exist`);
    await db.insert(userRoles).values({ userId: row.id, roleId: roleRow.id });
    return row;
  }
}
