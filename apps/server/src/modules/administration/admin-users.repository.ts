// SQL for the people of organisations as administration shows them (status, roles, open
// invitation), and the row locks the last-administrator rule relies on.
import { sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserListQuery, UserStatus } from '@liftwacht/contracts/administration';
import type { Locale, RoleName } from '@liftwacht/contracts/auth';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { containsPattern, isoSql } from '../../db/sql-text.ts';
import { identifierKeys, normaliseIdentifier } from '../../lib/identifiers.ts';
import { emailKeyTaken, usernameKeyTaken, usernameLookAlikeTaken } from '../../lib/identifiers-sql.ts';

/** disabled wins over invited: a disabled invitee cannot use its link either. */
const statusSql = sql`case when u.disabled then 'disabled' when u.password_hash is null then 'invited' else 'active' end`;
const hasRole = (role: RoleName) =>
  sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = ${role})`;

const selectUser = sql`
  select u.id, u.username, u.name, u.email, u.organisation_id as "organisationId", o.name as "organisationName",
    coalesce((select json_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id
              where ur.user_id = u.id), '[]'::json) as roles,
    u.locale, ${statusSql} as status,
    case when u.password_hash is null and not u.disabled then
      (select ${isoSql(sql`max(t.expires_at)`)} from password_reset_tokens t
       where t.user_id = u.id and t.purpose = 'invitation' and t.used_at is null)
    end as "invitationExpiresAt",
    ${isoSql(sql`u.created_at`)} as "createdAt", ${isoSql(sql`u.updated_at`)} as "updatedAt", u.version
  from users u join organisations o on o.id = u.organisation_id`;

const sortColumns: Record<AdminUserListQuery['sort'], SQL> = {
  username: sql`lower(u.username)`,
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  organisation: sql`lower(o.name)`,
  createdAt: sql`u.created_at`,
};

export interface UserFilter {
  /** null: every organisation. */
  organisationIds: number[] | null;
  search?: string | undefined;
  role?: RoleName | undefined;
  status?: UserStatus | undefined;
}

function whereOf(filter: UserFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.organisationIds !== null) {
    conditions.push(sql`u.organisation_id = any(${`{${filter.organisationIds.join(',')}}`}::int[])`);
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(sql`(u.username ilike ${pattern} or u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filter.role) conditions.push(hasRole(filter.role));
  if (filter.status) conditions.push(sql`${statusSql} = ${filter.status}`);
  return sql.join(conditions, sql` and `);
}

/** What the rules need of the user being changed, read under its row lock. */
export interface LockedUser {
  id: number;
  organisationId: number;
  version: number;
  status: UserStatus;
  roles: RoleName[];
}

export interface NewUser {
  username: string;
  name: string;
  email: string;
  organisationId: number;
  locale: Locale;
}

export class AdminUsersRepository {
  constructor(readonly db: Db) {}

  async list(
    filter: UserFilter,
    order: Pick<AdminUserListQuery, 'sort' | 'direction' | 'limit' | 'offset'>,
  ): Promise<{ items: AdminUser[]; total: number }> {
    const where = whereOf(filter);
    const direction = order.direction === 'desc' ? sql`desc` : sql`asc`;
    const [items, totals] = await Promise.all([
      sqlRows<AdminUser>(
        this.db,
        sql`${selectUser} where ${where}
            order by ${sortColumns[order.sort]} ${direction}, u.id ${direction}
            limit ${order.limit} offset ${order.offset}`,
      ),
      sqlRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from users u join organisations o on o.id = u.organisation_id where ${where}`,
      ),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }

  async find(id: number, db: Db = this.db): Promise<AdminUser | undefined> {
    const [row] = await sqlRows<AdminUser>(db, sql`${selectUser} where u.id = ${id}`);
    return row;
  }

  /** The user's organisation (never changes through the API, so it needs no lock). */
  async organisationOf(db: Db, id: number): Promise<number | undefined> {
    const [row] = await sqlRows<{ organisationId: number }>(
      db,
      sql`select organisation_id as "organisationId" from users where id = ${id}`,
    );
    return row?.organisationId;
  }

  /**
   * Locks the rows of the organisation's administrators, in id order, until the transaction ends.
   * Every change to a user of the organisation takes these locks first (and the same order), so
   * two changes that could each remove an administrator run one after the other: the second counts
   * the administrators after the first committed, and neither deadlocks.
   */
  async lockAdministrators(db: Db, organisationId: number): Promise<void> {
    await db.execute(
      sql`select u.id from users u where u.organisation_id = ${organisationId} and ${hasRole('admin')}
          order by u.id for update of u`,
    );
  }

  /** Locks the user's row and reads what the rules need; undefined when there is no such user. */
  async lock(db: Db, id: number): Promise<LockedUser | undefined> {
    const [row] = await sqlRows<Omit<LockedUser, 'roles'>>(
      db,
      sql`select u.id, u.organisation_id as "organisationId", u.version, ${statusSql} as status
          from users u where u.id = ${id} for update`,
    );
    if (!row) return undefined;
    const roles = await sqlRows<{ name: RoleName }>(
      db,
      sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${id} order by r.name`,
    );
    return { ...row, roles: roles.map((r) => r.name) };
  }

  /**
   * Active administrators of the organisation besides `exceptUserId`. A statement of its own after
   * the locks, so under READ COMMITTED it sees what a transaction that held them committed.
   */
  async otherActiveAdministrators(db: Db, organisationId: number, exceptUserId: number): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u
          where u.organisation_id = ${organisationId} and u.id <> ${exceptUserId}
            and not u.disabled and u.password_hash is not null and ${hasRole('admin')}`,
    );
    return row?.n ?? 0;
  }

  async organisationExists(id: number, db: Db = this.db): Promise<boolean> {
    return (await sqlRows(db, sql`select 1 from organisations where id = ${id}`)).length > 0;
  }

  /** Whether the username is taken in any spelling (its stored key). */
  usernameTaken(db: Db, username: string): Promise<boolean> {
    return usernameKeyTaken(db, username);
  }

  /** Whether the username reads like an existing one in any organisation (its stored skeleton). */
  usernameLookAlikeTaken(db: Db, username: string): Promise<boolean> {
    return usernameLookAlikeTaken(db, username);
  }

  /** Whether another user than exceptUserId has the email address in any spelling. */
  emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
    return emailKeyTaken(db, email, exceptUserId);
  }

  /** Inserts an invited user: no password until the invitation is used. */
  async insert(db: Db, user: NewUser, now: Date): Promise<number> {
    const at = now.toISOString();
    const keys = identifierKeys(user.username, user.email);
    const [row] = await sqlRows<{ id: number }>(
      db,
      sql`insert into users (username, name, email, organisation_id, locale, password_hash, created_at, updated_at,
                             username_key, username_skeleton, email_key)
          values (${user.username}, ${user.name}, ${user.email}, ${user.organisationId}, ${user.locale}, null,
                  ${at}::timestamptz, ${at}::timestamptz, ${keys.usernameKey}, ${keys.usernameSkeleton}, ${keys.emailKey})
          returning id`,
    );
    if (!row) throw new Error('user not inserted');
    return row.id;
  }

  async setRoles(db: Db, userId: number, roles: readonly RoleName[]): Promise<void> {
    await db.execute(sql`delete from user_roles where user_id = ${userId}`);
    await db.execute(
      sql`insert into user_roles (user_id, role_id)
          select ${userId}, r.id from roles r where r.name = any(${`{${roles.join(',')}}`}::text[])`,
    );
  }

  /** Sets the given columns and counts the change: version + 1, updated_at. */
  async update(
    db: Db,
    id: number,
    values: { name?: string; email?: string; locale?: Locale; disabled?: boolean },
    now: Date,
  ): Promise<void> {
    const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = ${now.toISOString()}::timestamptz`];
    if (values.name !== undefined) sets.push(sql`name = ${values.name}`);
    if (values.email !== undefined) {
      sets.push(sql`email = ${values.email}`, sql`email_key = ${normaliseIdentifier(values.email)}`);
    }
    if (values.locale !== undefined) sets.push(sql`locale = ${values.locale}`);
    if (values.disabled !== undefined) sets.push(sql`disabled = ${values.disabled}`);
    await db.execute(sql`update users set ${sql.join(sets, sql`, `)} where id = ${id}`);
  }
}
