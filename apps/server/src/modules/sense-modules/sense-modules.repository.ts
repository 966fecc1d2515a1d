// SQL for sense modules as administration shows them: the module with the lift it is in now, its
// links with their dates, and the ES numbers that send messages nobody registered.
//
// A scope is the list of organisations the caller may read (null: every one). A module is in it
// through the organisation that registered it or the lift it is in; a lift outside the scope is
// never shown, neither as the current lift nor in the history.
import { sql, type SQL } from 'drizzle-orm';
import type {
  ModuleLink,
  ModuleListQuery,
  SenseModule,
  SenseModuleDetail,
  UnregisteredModule,
  UnregisteredModuleListQuery,
} from '@liftwacht/contracts/sense-modules';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { containsPattern, isoSql } from '../../db/sql-text.ts';

/** Organisations the caller may read; null for every one (system-admin). */
export type Scope = readonly number[] | null;

const inScope = (scope: Scope, column: SQL): SQL =>
  scope === null ? sql`true` : sql`${column} = any(${sql.param([...scope])}::int[])`;

/** The module's current lift, joined only when the caller may see it. */
const selectModule = (scope: Scope) => sql`
  select m.id, m.es_number as "esNumber", m.organisation_id as "organisationId",
    case when l.id is null then null
         else json_build_object('id', l.id, 'organisationId', l.organisation_id, 'name', l.name, 'address', l.address)
    end as lift,
    m.firmware, ${isoSql(sql`m.last_seen_at`)} as "lastSeenAt", m.connected, m.key_hash is not null as "hasKey",
    ${isoSql(sql`m.key_rotated_at`)} as "keyCreatedAt", ${isoSql(sql`m.created_at`)} as "createdAt", m.version
  from modules m
  left join lifts l on l.id = m.lift_id and ${inScope(scope, sql`l.organisation_id`)}`;

const moduleInScope = (scope: Scope): SQL =>
  scope === null
    ? sql`true`
    : sql`(${inScope(scope, sql`m.organisation_id`)} or ${inScope(scope, sql`l.organisation_id`)})`;

const sortColumns: Record<ModuleListQuery['sort'], SQL> = {
  esNumber: sql`m.es_number`,
  lastSeenAt: sql`m.last_seen_at`,
  createdAt: sql`m.created_at`,
};

/** What a change needs to know of a module, read under its row lock. */
export interface LockedModule {
  id: number;
  esNumber: string;
  version: number;
  liftId: number | null;
  organisationId: number | null;
  liftOrganisationId: number | null;
  createdAt: Date;
}

export interface LiftRef {
  id: number;
  organisationId: number;
  /** Decommissioned from this date on (yyyy-MM-dd), or null. */
  decommissionedOn: string | null;
  /** The module fitted in it now, or null. */
  moduleId: number | null;
}

export class SenseModulesRepository {
  constructor(readonly db: Db) {}

  async list(scope: Scope, query: ModuleListQuery): Promise<{ items: SenseModule[]; total: number }> {
    const conditions: SQL[] = [moduleInScope(scope)];
    if (query.organisationId !== undefined) {
      const id = query.organisationId;
      conditions.push(sql`(m.organisation_id = ${id} or l.organisation_id = ${id})`);
    }
    if (query.linked === 'linked') conditions.push(sql`m.lift_id is not null`);
    if (query.linked === 'unlinked') conditions.push(sql`m.lift_id is null`);
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(sql`(m.es_number ilike ${pattern} or l.name ilike ${pattern} or l.address ilike ${pattern})`);
    }
    const where = sql.join(conditions, sql` and `);
    const direction = query.direction === 'desc' ? sql`desc` : sql`asc`;
    const [items, totals] = await Promise.all([
      sqlRows<SenseModule>(
        this.db,
        sql`${selectModule(scope)} where ${where}
            order by ${sortColumns[query.sort]} ${direction} nulls last, m.id ${direction}
            limit ${query.limit} offset ${query.offset}`,
      ),
      sqlRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from modules m
            left join lifts l on l.id = m.lift_id and ${inScope(scope, sql`l.organisation_id`)}
            where ${where}`,
      ),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }

  /** One module with its history, or undefined when it does not exist or is outside the scope. */
  async find(scope: Scope, id: number, db: Db = this.db): Promise<SenseModuleDetail | undefined> {
    const [row] = await sqlRows<SenseModule & { lastProvisioning: unknown; lastProvisioningAt: string | null }>(
      db,
      sql`select s.*, m.last_provisioning as "lastProvisioning",
                 ${isoSql(sql`m.last_provisioning_at`)} as "lastProvisioningAt"
          from (${selectModule(scope)} where m.id = ${id} and ${moduleInScope(scope)}) s
          join modules m on m.id = s.id`,
    );
    if (!row) return undefined;
    const links = await sqlRows<ModuleLink>(
      db,
      sql`select json_build_object('id', l.id, 'organisationId', l.organisation_id, 'name', l.name,
                                   'address', l.address) as lift,
                 ${isoSql(sql`ml.linked_at`)} as "linkedAt", ${isoSql(sql`ml.unlinked_at`)} as "unlinkedAt"
          from module_links ml join lifts l on l.id = ml.lift_id
          where ml.module_id = ${id} and ${inScope(scope, sql`l.organisation_id`)}
          order by ml.linked_at, ml.id`,
    );
    return {
      ...row,
      lastProvisioning: (row.lastProvisioning as Record<string, unknown> | null) ?? null,
      links,
    };
  }

  /** Locks the module's row for the rest of the transaction (ingest batches wait for it). */
  async lock(db: Db, id: number): Promise<LockedModule | undefined> {
    const [row] = await sqlRows<Omit<LockedModule, 'createdAt'> & { createdAt: Date | string }>(
      db,
      sql`select m.id, m.es_number as "esNumber", m.version, m.lift_id as "liftId",
                 m.organisation_id as "organisationId", l.organisation_id as "liftOrganisationId",
                 m.created_at as "createdAt"
          from modules m left join lifts l on l.id = m.lift_id
          where m.id = ${id}
          for update of m`,
    );
    return row && { ...row, createdAt: new Date(row.createdAt) };
  }

  /** The lift, locked so two modules cannot be fitted in it at once. */
  async lockLift(db: Db, id: number): Promise<LiftRef | undefined> {
    const [row] = await sqlRows<LiftRef>(
      db,
      sql`select l.id, l.organisation_id as "organisationId", l.decommissioned_on::text as "decommissionedOn",
                 (select m.id from modules m where m.lift_id = l.id limit 1) as "moduleId"
          from lifts l where l.id = ${id}
          for update of l`,
    );
    return row;
  }

  async exists(db: Db, esNumber: string): Promise<boolean> {
    const rows = await sqlRows<{ id: number }>(db, sql`select id from modules where es_number = ${esNumber}`);
    return rows.length > 0;
  }

  async insert(
    db: Db,
    values: { esNumber: string; organisationId: number; firmware: string | null; keyHash: string },
    now: Date,
  ): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = await sqlRows<{ id: number }>(
      db,
      sql`insert into modules (es_number, organisation_id, firmware, key_hash, key_rotated_at, created_at)
          values (${values.esNumber}, ${values.organisationId}, ${values.firmware}, ${values.keyHash}, ${at}, ${at})
          returning id`,
    );
    if (!row) throw new Error('module not inserted');
    return row.id;
  }

  /**
   * Takes the module out of its lift at `now` and, when liftId is given, fits it in that lift from
   * the same instant. A module fitted before links were recorded gets its link written closed, so
   * its history still shows the lift it leaves. A registration fits it in the version it starts with.
   */
  async relink(db: Db, module: LockedModule, liftId: number | null, now: Date, newVersion = true): Promise<void> {
    const at = sql`${now.toISOString()}::timestamptz`;
    if (module.liftId !== null) {
      const ended = await sqlRows<{ id: number }>(
        db,
        sql`update module_links set unlinked_at = ${at}
            where module_id = ${module.id} and unlinked_at is null returning id`,
      );
      if (ended.length === 0) {
        await db.execute(
          sql`insert into module_links (module_id, lift_id, linked_at, unlinked_at)
              values (${module.id}, ${module.liftId}, ${module.createdAt.toISOString()}::timestamptz, ${at})`,
        );
      }
    }
    if (liftId !== null) {
      await db.execute(
        sql`insert into module_links (module_id, lift_id, linked_at) values (${module.id}, ${liftId}, ${at})`,
      );
    }
    await db.execute(
      sql`update modules set lift_id = ${liftId}, version = version + ${newVersion ? 1 : 0} where id = ${module.id}`,
    );
  }

  async setKey(db: Db, id: number, keyHash: string, now: Date): Promise<void> {
    await db.execute(
      sql`update modules set key_hash = ${keyHash}, key_rotated_at = ${now.toISOString()}::timestamptz,
            version = version + 1
          where id = ${id}`,
    );
  }

  /** Removes the ES number from the unregistered list; what it had counted, if it was there. */
  async claimUnregistered(db: Db, esNumber: string): Promise<UnregisteredModule | undefined> {
    const [row] = await sqlRows<UnregisteredModule>(
      db,
      sql`delete from unregistered_modules where es_number = ${esNumber}
          returning es_number as "esNumber", ${isoSql(sql`first_seen_at`)} as "firstSeenAt",
                    ${isoSql(sql`last_seen_at`)} as "lastSeenAt", messages::float8 as messages, last_kind as "lastKind"`,
    );
    return row;
  }

  /**
   * ES numbers heard but not registered, most recently heard first. One registered meanwhile (a
   * batch that counted it while it was being registered) is left out.
   */
  async unregistered(query: UnregisteredModuleListQuery): Promise<{ items: UnregisteredModule[]; total: number }> {
    const conditions: SQL[] = [sql`not exists (select 1 from modules m where m.es_number = u.es_number)`];
    if (query.search) conditions.push(sql`u.es_number ilike ${containsPattern(query.search)}`);
    const where = sql.join(conditions, sql` and `);
    const [items, totals] = await Promise.all([
      sqlRows<UnregisteredModule>(
        this.db,
        sql`select u.es_number as "esNumber", ${isoSql(sql`u.first_seen_at`)} as "firstSeenAt",
                   ${isoSql(sql`u.last_seen_at`)} as "lastSeenAt", u.messages::float8 as messages,
                   u.last_kind as "lastKind"
            from unregistered_modules u where ${where}
            order by u.last_seen_at desc, u.es_number
            limit ${query.limit} offset ${query.offset}`,
      ),
      sqlRows<{ n: number }>(this.db, sql`select count(*)::int as n from unregistered_modules u where ${where}`),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }
}
