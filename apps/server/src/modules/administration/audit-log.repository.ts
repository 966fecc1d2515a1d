// SQL that reads the audit log (plugins/audit.repository.ts appends to it), newest first, with the
// acting user's name and the organisation's name joined in.
import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditLogQuery } from '@liftwacht/contracts/administration';
import type { Db } from '../../db/database.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { isoSql } from '../../db/sql-text.ts';

export interface AuditFilter extends Omit<AuditLogQuery, 'organisationId' | 'limit' | 'offset'> {
  /** null: every organisation's entries and the server's own. */
  organisationIds: number[] | null;
}

function whereOf(filter: AuditFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.organisationIds !== null) {
    conditions.push(sql`l.organisation_id = any(${`{${filter.organisationIds.join(',')}}`}::int[])`);
  }
  if (filter.action) conditions.push(sql`l.action = ${filter.action}`);
  if (filter.userId !== undefined) conditions.push(sql`l.user_id = ${filter.userId}`);
  if (filter.subjectType) conditions.push(sql`l.subject_type = ${filter.subjectType}`);
  if (filter.from) conditions.push(sql`l.at >= ${localDayStartSql(filter.from)}`);
  if (filter.to) conditions.push(sql`l.at < ${localDayEndSql(filter.to)}`);
  return sql.join(conditions, sql` and `);
}

export class AuditLogRepository {
  constructor(private readonly db: Db) {}

  async list(filter: AuditFilter, limit: number, offset: number): Promise<{ items: AuditEntry[]; total: number }> {
    const where = whereOf(filter);
    const [items, totals] = await Promise.all([
      sqlRows<AuditEntry>(
        this.db,
        sql`select l.id::float8 as id, ${isoSql(sql`l.at`)} as at, l.user_id as "userId", u.username,
              l.organisation_id as "organisationId", o.name as "organisationName", l.ip, l.action,
              l.subject_type as "subjectType", l.subject_id as "subjectId", l.before, l.after
            from audit_log l
            left join users u on u.id = l.user_id
            left join organisations o on o.id = l.organisation_id
            where ${where}
            order by l.at desc, l.id desc
            limit ${limit} offset ${offset}`,
      ),
      sqlRows<{ n: number }>(this.db, sql`select count(*)::int as n from audit_log l where ${where}`),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }

  async organisationExists(id: number): Promise<boolean> {
    return (await sqlRows(this.db, sql`select 1 from organisations where id = ${id}`)).length > 0;
  }
}
