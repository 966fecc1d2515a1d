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

// Each subject type's row, joined only for entries of that type; the lift for those that belong to one.
const subjectJoinsSql = sql`
  left join visits sv on p.subject_type = 'visit' and sv.id = p.sid
  left join calls sc on p.subject_type = 'call' and sc.id = p.sid
  left join inspections si on p.subject_type = 'inspection' and si.id = p.sid
  left join logbook sg on p.subject_type = 'logbook' and sg.id = p.sid
  left join modules sm on p.subject_type = 'module' and sm.id = p.sid
  left join lifts sl on sl.id = case p.subject_type
      when 'lift' then p.sid when 'visit' then sv.lift_id when 'call' then sc.lift_id
      when 'inspection' then si.lift_id when 'logbook' then sg.lift_id when 'module' then sm.lift_id end
  left join users su on p.subject_type = 'user' and su.id = p.sid
  left join organisations so on p.subject_type = 'organisation' and so.id = p.sid
  left join organisations sgf on p.subject_type = 'access_grant' and sgf.id = p.grant_from
  left join organisations sgt on p.subject_type = 'access_grant' and sgt.id = p.grant_to
  left join lift_imports sli on p.subject_type = 'lift_import' and sli.id::text = p.subject_id
  left join webhook_endpoints sw on p.subject_type = 'webhook' and sw.id = p.sid`;

/** The subject as AuditSubject, or null when its row is gone. */
const subjectSql = sql`case
    when num_nonnulls(sv.id, sc.id, si.id, sg.id, sm.id, sl.id, su.id, so.id, sgf.id, sli.id, sw.id) = 0 then null
    else json_build_object(
      'name', case p.subject_type
        when 'lift' then sl.name
        when 'user' then su.name
        when 'organisation' then so.name
        when 'access_grant' then sgf.name || ' → ' || coalesce(sgt.name, '?')
        when 'lift_import' then sli.file_name
        when 'module' then sm.es_number
        when 'webhook' then sw.url
      end,
      'lift', case when sl.id is null then null
        else json_build_object('id', sl.id, 'name', sl.name, 'address', sl.address) end,
      'kind', case p.subject_type
        when 'visit' then sv.type when 'call' then sc.kind when 'inspection' then si.result
        when 'logbook' then sg.log_type end,
      'at', case p.subject_type
        when 'visit' then ${isoSql(sql`sv.started_at`)} when 'call' then ${isoSql(sql`sc.started_at`)}
        when 'inspection' then si.inspected_on::text when 'logbook' then ${isoSql(sql`sg.at`)} end
    ) end`;

export class AuditLogRepository {
  constructor(private readonly db: Db) {}

  async list(filter: AuditFilter, limit: number, offset: number): Promise<{ items: AuditEntry[]; total: number }> {
    const where = whereOf(filter);
    const [items, totals] = await Promise.all([
      sqlRows<AuditEntry>(
        this.db,
        sql`with page as (
              select l.*,
                     -- The numeric subject ids, read only where they are numeric (a CASE keeps the
                     -- cast from an import's uuid or a grant's "a:b").
                     case when l.subject_id ~ '^[0-9]{1,18}$' then l.subject_id::bigint end as sid,
                     case when l.subject_id ~ '^[0-9]{1,9}:[0-9]{1,9}$'
                          then split_part(l.subject_id, ':', 1)::int end as grant_from,
                     case when l.subject_id ~ '^[0-9]{1,9}:[0-9]{1,9}$'
                          then split_part(l.subject_id, ':', 2)::int end as grant_to
              from audit_log l
              where ${where}
              order by l.at desc, l.id desc
              limit ${limit} offset ${offset}
            )
            select p.id::float8 as id, ${isoSql(sql`p.at`)} as at, p.user_id as "userId", u.username,
              p.organisation_id as "organisationId", o.name as "organisationName", p.ip, p.action,
              p.subject_type as "subjectType", p.subject_id as "subjectId",
              ${subjectSql} as subject,
              p.before, p.after
            from page p
            left join users u on u.id = p.user_id
            left join organisations o on o.id = p.organisation_id
            ${subjectJoinsSql}
            order by p.at desc, p.id desc`,
      ),
      sqlRows<{ n: number }>(this.db, sql`select count(*)::int as n from audit_log l where ${where}`),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }

  async organisationExists(id: number): Promise<boolean> {
    return (await sqlRows(this.db, sql`select 1 from organisations where id = ${id}`)).length > 0;
  }
}
