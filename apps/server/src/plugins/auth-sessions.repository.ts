// SQL for server-side sessions and the principal behind a token.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { RoleName } from '@liftwacht/contracts/auth';
import type { OrganisationType } from '@liftwacht/contracts/permissions';
import type { Db } from '../db/database.ts';
import { organisations, roles, sessions, userRoles, users } from '../db/schema.ts';

export interface Principal {
  userId: number;
  sessionId: string;
  username: string;
  organisationId: number;
  /** Half of what the permission table grants: an inspection company's users record inspections. */
  organisationType: OrganisationType;
  roles: RoleName[];
}

/** The signed-in user behind a request: the principal and what GET /user shows of it. */
export interface SessionUser extends Principal {
  name: string;
  email: string;
  locale: string;
}

export interface LiveSession {
  user: SessionUser;
  expiresAt: Date;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(id: string, userId: number, expiresAt: Date, now: Date): Promise<void> {
    await this.db.insert(sessions).values({ id, userId, expiresAt, createdAt: now });
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: number, now: Date, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Which of these sessions are still live (not revoked or expired, their user not disabled). */
  async liveSessionIds(ids: readonly string[], now: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, [...ids]),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          eq(users.disabled, false),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  /** The principal of a live session, or null when it is revoked, expired or its user disabled. */
  async findPrincipal(sessionId: string, userId: number, now: Date): Promise<SessionUser | null> {
    const live = await this.findLiveSession(sessionId, now);
    return live?.user.userId === userId ? live.user : null;
  }

  /**
   * A live session (not revoked or expired, its user not disabled): its user as requests see it,
   * and until when it lasts. One statement; the auth plugin keeps its answer (auth-state-cache.ts).
   */
  async findLiveSession(sessionId: string, now: Date): Promise<LiveSession | null> {
    const rows = await this.db
      .select({
        userId: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        locale: users.locale,
        organisationId: users.organisationId,
        // The organisation is joined for the live check anyway: its type comes with the same row.
        organisationType: organisations.type,
        expiresAt: sessions.expiresAt,
        role: roles.name,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .leftJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          eq(users.disabled, false),
        ),
      );
    const first = rows[0];
    if (!first) return null;
    return {
      expiresAt: first.expiresAt,
      user: {
        userId: first.userId,
        sessionId,
        username: first.username,
        name: first.name,
        email: first.email,
        locale: first.locale,
        organisationId: first.organisationId,
        organisationType: first.organisationType as OrganisationType,
        roles: rows.flatMap((r) => (r.role ? [r.role as RoleName] : [])),
      },
    };
  }
}
