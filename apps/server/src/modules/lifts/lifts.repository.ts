// SQL for lifts: one lift, and the list with its free-text and advanced search. The search reads
// lifts.search_text (a generated, folded copy of every searchable field) and filters with
// uncorrelated `l.id in (...)` subqueries, which PostgreSQL runs once per query as a hashed set
// instead of once per lift; 10,000 lifts stay a single sequential pass over one table.
import { sql, type SQL } from 'drizzle-orm';
import type { LiftStatus } from '@liftwacht/contracts/dashboard';
import type { Lift, LiftSearchTextField, LiftSort, LiftSortDirection } from '@liftwacht/contracts/lifts';
import type { Database, Db } from '../../db/database.ts';
import { preparedRows } from '../../db/prepared-rows.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { unpackIds } from '../../lib/packed-ids.ts';
import { liftJoinsSql, liftJsonSql, liftJsonTextSql } from './lift-json-sql.ts';
import { inIdsSql } from './lift-sql.ts';
import { statusSql } from './lift-statuses.repository.ts';
import { containsPattern } from './search-terms.ts';

/** What a list request asks for, after the service has resolved scope and normalised criteria. */
export interface LiftFilter {
  organisationIds: readonly number[];
  /** Free-text words; each must occur in some searchable field. */
  words: readonly string[];
  /** Per-field contains-matches. */
  fields: Partial<Record<LiftSearchTextField, string>>;
  hasFlow?: boolean | undefined;
  hasIntercom?: boolean | undefined;
  hasModule?: boolean | undefined;
  statuses: readonly LiftStatus[];
  statusMatch: 'any' | 'all';
  commissionedOn?: { from?: string | undefined; to?: string | undefined } | undefined;
  maintenanceIntervalDays?: { min?: number | undefined; max?: number | undefined } | undefined;
  inspectionValidUntil?: { from?: string | undefined; to?: string | undefined } | undefined;
}

/** A lift and its last records as the kept rows hold them (null: none). */
export interface LiftWithRecordsRow {
  lift: Lift;
  inspectedOn: string | null;
  kind: string | null;
  result: string | null;
  maintainedOn: string | null;
}

export interface LiftPage {
  limit: number;
  offset: number;
  sort: LiftSort;
  direction: LiftSortDirection;
}

/** Lift columns behind the text criteria (esNumber lives on modules and is handled apart). */
const textColumns: Record<Exclude<LiftSearchTextField, 'esNumber'>, SQL> = {
  name: sql`l.name`,
  address: sql`l.address`,
  postalCode: sql`l.postal_code`,
  city: sql`l.city`,
  buildingName: sql`l.building_name`,
  sbclId: sql`l.sbcl_id`,
  serialNumber: sql`l.serial_number`,
  ownerNumber: sql`l.owner_number`,
  inspectionNumber: sql`l.inspection_number`,
  installerNumber: sql`l.installer_number`,
  telephoneNumber: sql`l.telephone_number`,
  manufacturerNumber: sql`l.manufacturer_number`,
  liftType: sql`l.lift_type`,
};

/** The fields lifts.search_text holds (folded, in one text): all text columns but the lift type. */
const inSearchText: ReadonlySet<LiftSearchTextField> = new Set(
  (Object.keys(textColumns) as (keyof typeof textColumns)[]).filter((field) => field !== 'liftType'),
);

/** Sort keys: text sorts on its folded form (case and accents ignored), the rest as stored. */
const sortColumns: Record<LiftSort, { expr: SQL; text: boolean }> = {
  id: { expr: sql`l.id`, text: false },
  name: { expr: sql`l.name`, text: true },
  address: { expr: sql`l.address`, text: true },
  postalCode: { expr: sql`l.postal_code`, text: true },
  city: { expr: sql`l.city`, text: true },
  buildingName: { expr: sql`l.building_name`, text: true },
  sbclId: { expr: sql`l.sbcl_id`, text: true },
  serialNumber: { expr: sql`l.serial_number`, text: true },
  ownerNumber: { expr: sql`l.owner_number`, text: true },
  inspectionNumber: { expr: sql`l.inspection_number`, text: true },
  installerNumber: { expr: sql`l.installer_number`, text: true },
  telephoneNumber: { expr: sql`l.telephone_number`, text: true },
  manufacturerNumber: { expr: sql`l.manufacturer_number`, text: true },
  esNumber: { expr: sql`(select min(m.es_number) from modules m where m.lift_id = l.id)`, text: true },
  liftType: { expr: sql`l.lift_type`, text: true },
  maintenanceIntervalDays: { expr: sql`l.maintenance_interval_days`, text: false },
  commissionedOn: { expr: sql`l.commissioned_on`, text: false },
  updatedAt: { expr: sql`l.updated_at`, text: false },
};

const foldedContains = (text: string): SQL => sql`liftwacht_fold(${containsPattern(text)})`;

const liftsWithEsNumberLike = (text: string): SQL =>
  sql`(select m.lift_id from modules m where m.lift_id is not null and liftwacht_fold(m.es_number) like ${foldedContains(text)})`;

/** A page of lifts as the contract's JSON array (text), and how many lifts match in all. */
export interface LiftListPage {
  itemsJson: string;
  total: number;
}

/** The page `p` (id, ord) as one JSON array of whole lifts, in page order. */
const pageJsonSql = sql`(select '[' || coalesce(string_agg(${liftJsonTextSql}, ', ' order by p.ord), '') || ']'
    from page p join lifts l on l.id = p.id ${liftJoinsSql})`;

export class LiftsRepository {
  constructor(
    private readonly db: Db,
    /** For the plain list's prepared statement; without it, the list runs as any other query. */
    private readonly database?: Pick<Database, 'query'>,
  ) {}

  /** The lift's organisation, or undefined when there is no such lift. */
  async organisationOf(liftId: number): Promise<number | undefined> {
    const [row] = await sqlRows<{ organisationId: number }>(
      this.db,
      sql`select organisation_id as "organisationId" from lifts where id = ${liftId}`,
    );
    return row?.organisationId;
  }

  async findById(liftId: number): Promise<Lift | undefined> {
    const [lift] = await this.findByIds([liftId]);
    return lift;
  }

  /** Whole lifts, in the order of `ids`. */
  async findByIds(ids: readonly number[]): Promise<Lift[]> {
    if (ids.length === 0) return [];
    // json, which both drivers parse into the contract's object (liftJsonSql builds its shape).
    const rows = await sqlRows<{ id: number; lift: Lift }>(
      this.db,
      sql`select l.id, ${liftJsonSql} as lift from lifts l ${liftJoinsSql} where ${inIdsSql(sql`l.id`, ids)}`,
    );
    const byId = new Map(rows.map((r) => [r.id, r.lift]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Whole lifts with their last inspection and last finished maintenance visit (a local day), in
   * the order of `ids`: what the export writes, read from the kept lift_facts and
   * lift_maintenance_rides rows in the same statement as the lifts.
   */
  async findWithRecordsByIds(ids: readonly number[]): Promise<LiftWithRecordsRow[]> {
    if (ids.length === 0) return [];
    const rows = await sqlRows<LiftWithRecordsRow & { id: number }>(
      this.db,
      sql`select l.id, ${liftJsonSql} as lift, f.last_inspected_on::text as "inspectedOn", f.last_log_type as kind,
                 f.last_result as result,
                 (r.last_maintenance_at at time zone ${businessTimeZone})::date::text as "maintainedOn"
          from lifts l ${liftJoinsSql} left join lift_maintenance_rides r on r.lift_id = l.id
          where ${inIdsSql(sql`l.id`, ids)}`,
    );
    const byId = new Map(rows.map(({ id, ...row }) => [id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * One page of the lifts matching the filter, and how many match in all: one statement (the page's
   * ids, the total and the whole lifts as one JSON array), since a list request is mostly round
   * trips otherwise.
   */
  async list(filter: LiftFilter, page: LiftPage, now: Date): Promise<LiftListPage> {
    if (filter.organisationIds.length === 0) return { itemsJson: '[]', total: 0 };
    if (isUnfiltered(filter)) {
      // The plain list (and the dashboard's lift count, limit 1): the page comes in index order
      // (lifts_name_sort_idx for the default sort) and the count from the organisation index,
      // where a window count would read and sort every lift.
      // The busiest read of all (every lifts page, the dashboard's count): prepared, since its plan
      // does not depend on the values (no search patterns), and built once per shape.
      const ids = filter.organisationIds;
      const [row] = this.database
        ? await preparedRows<LiftListPage>(this.database, plainListStatement(page, ids.length === 1), {
            scope: ids.length === 1 ? ids[0] : ids,
            limit: page.limit,
            offset: page.offset,
          })
        : await sqlRows<LiftListPage>(this.db, plainListSql(page, this.whereSql(filter, now), page.limit, page.offset));
      return row ?? { itemsJson: '[]', total: 0 };
    }
    // Built here, not for the prepared plain list above (drizzle's SQL building was ~2 % of the
    // server's CPU per GET /lift in a profile).
    const where = this.whereSql(filter, now);
    const order = orderBySql(page);
    const pageRows = (columns: SQL) =>
      sql`select l.id, row_number() over (order by ${order}) as ord${columns} from lifts l where ${where}
          order by ${order} limit ${page.limit} offset ${page.offset}`;
    // Filtered: one pass over the matches gives the page and (as a window count) the total.
    const [row] = await sqlRows<{ total: number | null; itemsJson: string }>(
      this.db,
      sql`with page as materialized (${pageRows(sql`, (count(*) over ())::int as total`)})
          select (select p.total from page p limit 1) as total, ${pageJsonSql} as "itemsJson"`,
    );
    const itemsJson = row?.itemsJson ?? '[]';
    // A page past the end has no row to carry the total.
    const total =
      row?.total ??
      (page.offset === 0
        ? 0
        : ((
            await sqlRows<{ total: number }>(this.db, sql`select count(*)::int as total from lifts l where ${where}`)
          )[0]?.total ?? 0));
    return { itemsJson, total };
  }

  /**
   * The ids of every lift matching the filter, in the list's order: what an export walks through,
   * fetching the lifts themselves a batch at a time (findByIds).
   */
  async orderedIds(filter: LiftFilter, order: Pick<LiftPage, 'sort' | 'direction'>, now: Date): Promise<number[]> {
    if (filter.organisationIds.length === 0) return [];
    // One packed text rather than a row each (lib/packed-ids.ts).
    const [row] = await sqlRows<{ ids: string | null }>(
      this.db,
      sql`select string_agg(l.id::text, ',' order by ${orderBySql(order)}) as ids
          from lifts l where ${this.whereSql(filter, now)}`,
    );
    return unpackIds(row?.ids);
  }

  private whereSql(filter: LiftFilter, now: Date): SQL {
    const scope = inIdsSql(sql`l.organisation_id`, filter.organisationIds);
    const conditions: SQL[] = [scope];

    for (const word of filter.words) {
      // One id list from both trigram indexes (migration 0021); an OR of the two would read every
      // lift of the scope instead.
      const pattern = foldedContains(word);
      conditions.push(
        sql`l.id in (select s.id from lifts s where s.search_text like ${pattern}
                     union all
                     select m.lift_id from modules m where m.lift_id is not null and liftwacht_fold(m.es_number) like ${pattern})`,
      );
    }
    for (const [field, text] of Object.entries(filter.fields) as [LiftSearchTextField, string][]) {
      if (field === 'esNumber') {
        conditions.push(sql`l.id in ${liftsWithEsNumberLike(text)}`);
        continue;
      }
      const pattern = foldedContains(text);
      conditions.push(sql`liftwacht_fold(${textColumns[field]}) like ${pattern}`);
      // A field's text is part of search_text, whose trigram index (migration 0021) finds the
      // candidates; folding the field of every lift in scope was most of an advanced search.
      // As an array of ids (computed once, through the index) the lifts are fetched by primary key;
      // as `in (select …)` the planner still folded every lift's field before the semi-join.
      if (inSearchText.has(field)) {
        conditions.push(sql`l.id = any(array(select s.id from lifts s where s.search_text like ${pattern}))`);
      }
    }
    if (filter.hasFlow !== undefined) conditions.push(sql`l.has_flow = ${filter.hasFlow}`);
    if (filter.hasIntercom !== undefined) {
      conditions.push(filter.hasIntercom ? sql`l.lift_type is not null` : sql`l.lift_type is null`);
    }
    if (filter.hasModule !== undefined) {
      const withModule = sql`l.id in (select m.lift_id from modules m where m.lift_id is not null)`;
      conditions.push(filter.hasModule ? withModule : sql`not ${withModule}`);
    }
    if (filter.statuses.length > 0) {
      const statusScope = { organisationIds: filter.organisationIds };
      const parts = filter.statuses.map(
        (status) => sql`l.id in (select x.lift_id from (${statusSql(status, statusScope, now)}) x)`,
      );
      conditions.push(sql`(${sql.join(parts, filter.statusMatch === 'all' ? sql` and ` : sql` or `)})`);
    }
    const { commissionedOn, maintenanceIntervalDays: interval, inspectionValidUntil: validity } = filter;
    if (commissionedOn?.from) conditions.push(sql`l.commissioned_on >= ${commissionedOn.from}::date`);
    if (commissionedOn?.to) conditions.push(sql`l.commissioned_on <= ${commissionedOn.to}::date`);
    if (interval?.min !== undefined) conditions.push(sql`l.maintenance_interval_days >= ${interval.min}`);
    if (interval?.max !== undefined) conditions.push(sql`l.maintenance_interval_days <= ${interval.max}`);
    if (validity?.from || validity?.to) {
      // The latest approval's validity as lift_facts keeps it (null: never approved with a date).
      const bounds: SQL[] = [sql`f.inspection_valid_until is not null`];
      if (validity.from) bounds.push(sql`f.inspection_valid_until >= ${validity.from}::date`);
      if (validity.to) bounds.push(sql`f.inspection_valid_until <= ${validity.to}::date`);
      conditions.push(sql`l.id in (select f.lift_id from lift_facts f where ${sql.join(bounds, sql` and `)})`);
    }
    return sql.join(conditions, sql` and `);
  }
}

/**
 * The plain list's statement: the page of `where` in `page`'s order, the count, the lifts' JSON. The
 * page's positions come from the ordered ids' array, not from row_number() over the order: a window
 * over the order sat between the sort and the limit, so a sort other than the name index's sorted
 * every lift of the organisation instead of keeping the page's (top-N) — 16 → 10 ms at 10,000 lifts.
 */
function plainListSql(order: Pick<LiftPage, 'sort' | 'direction'>, where: SQL, limit: unknown, offset: unknown): SQL {
  return sql`with page as materialized (
        select p.id, p.ord from unnest(array(
          select l.id from lifts l where ${where} order by ${orderBySql(order)} limit ${limit} offset ${offset}
        )) with ordinality as p(id, ord))
      select (select count(*)::int from lifts l where ${where}) as total, ${pageJsonSql} as "itemsJson"`;
}

/** The plain list's statement per order and scope shape, with placeholders (scope, limit, offset). */
const plainStatements = new Map<string, SQL>();

function plainListStatement(order: Pick<LiftPage, 'sort' | 'direction'>, oneOrganisation: boolean): SQL {
  const key = `${order.sort}:${order.direction}:${oneOrganisation ? 'one' : 'many'}`;
  let statement = plainStatements.get(key);
  if (!statement) {
    const scope = sql.placeholder('scope');
    const where = oneOrganisation ? sql`l.organisation_id = ${scope}` : sql`l.organisation_id = any(${scope}::int[])`;
    statement = plainListSql(order, where, sql.placeholder('limit'), sql.placeholder('offset'));
    plainStatements.set(key, statement);
  }
  return statement;
}

function isUnfiltered(f: LiftFilter): boolean {
  return (
    f.words.length === 0 &&
    Object.keys(f.fields).length === 0 &&
    f.hasFlow === undefined &&
    f.hasIntercom === undefined &&
    f.hasModule === undefined &&
    f.statuses.length === 0 &&
    f.commissionedOn === undefined &&
    f.maintenanceIntervalDays === undefined &&
    f.inspectionValidUntil === undefined
  );
}

function orderBySql(page: Pick<LiftPage, 'sort' | 'direction'>): SQL {
  const { expr, text } = sortColumns[page.sort];
  const direction = page.direction === 'desc' ? sql`desc` : sql`asc`;
  if (page.sort === 'id') return sql`l.id ${direction}`;
  // Folded text first so "élise" sorts with "elise"; the stored text breaks ties between them;
  // blank counts as empty and sorts last like null; the id keeps pages stable. The default
  // (name, ascending) is exactly lifts_name_sort_idx, so the plain list reads only its page.
  return text
    ? sql`nullif(liftwacht_fold(${expr}), '') ${direction} nulls last, ${expr} ${direction}, l.id asc`
    : sql`${expr} ${direction} nulls last, l.id asc`;
}
