// SQL for an organisation's own reading names (sense_labels) and the global label configuration
// (sense_configuration: rows an installer may add for every organisation, per module type).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SenseConfigurationQuery } from '@liftwacht/contracts/sense';
import type { Db } from '../../db/database.ts';
import { organisations, senseLabels } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { OwnNames } from './sense-label-defaults.ts';

export interface SenseLabelRow extends OwnNames {
  key: string;
  version: number;
}

export interface ConfigurationRow {
  id: number;
  type: string;
  key: string;
  label: string;
  moduleType: string | null;
}

/** The global configuration is data an installer loads; no install holds more than this many rows. */
const configurationBound = 10_000;

const columns = {
  key: senseLabels.key,
  nameNl: senseLabels.nameNl,
  nameEn: senseLabels.nameEn,
  unit: senseLabels.unit,
  version: senseLabels.version,
};

export class SenseLabelsRepository {
  constructor(readonly db: Db) {}

  async organisationName(organisationId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return row?.name;
  }

  /** An organisation's own names (at most one per key there can be: 200). */
  list(organisationId: number, db: Db = this.db): Promise<SenseLabelRow[]> {
    return db.select(columns).from(senseLabels).where(eq(senseLabels.organisationId, organisationId));
  }

  /** The row of one key, locked until the transaction ends. */
  async lock(db: Db, organisationId: number, key: string): Promise<SenseLabelRow | undefined> {
    const [row] = await db
      .select(columns)
      .from(senseLabels)
      .where(and(eq(senseLabels.organisationId, organisationId), eq(senseLabels.key, key)))
      .for('update');
    return row;
  }

  /** A new row; undefined when another request made one for this key meanwhile. */
  async insert(
    db: Db,
    organisationId: number,
    key: string,
    names: OwnNames,
    by: number,
    now: Date,
  ): Promise<SenseLabelRow | undefined> {
    const [row] = await db
      .insert(senseLabels)
      .values({ organisationId, key, ...names, updatedAt: now, updatedBy: by })
      .onConflictDoNothing()
      .returning(columns);
    return row;
  }

  async update(
    db: Db,
    organisationId: number,
    key: string,
    names: OwnNames,
    by: number,
    now: Date,
  ): Promise<SenseLabelRow> {
    const [row] = await db
      .update(senseLabels)
      .set({ ...names, version: sql`${senseLabels.version} + 1`, updatedAt: now, updatedBy: by })
      .where(and(eq(senseLabels.organisationId, organisationId), eq(senseLabels.key, key)))
      .returning(columns);
    if (!row) throw new Error('sense label vanished inside its lock');
    return row;
  }

  async delete(db: Db, organisationId: number, key: string): Promise<void> {
    await db.delete(senseLabels).where(and(eq(senseLabels.organisationId, organisationId), eq(senseLabels.key, key)));
  }

  /** The global configuration rows of a type (every type without one). */
  configuration(type: SenseConfigurationQuery['type']): Promise<ConfigurationRow[]> {
    const where: SQL = type === undefined ? sql`true` : sql`c.type = ${type}`;
    return sqlRows<ConfigurationRow>(
      this.db,
      sql`select c.id, c.type, c.key, c.label, c.module_type as "moduleType"
          from sense_configuration c where ${where}
          order by c.type, c.key, c.module_type nulls first, c.id
          limit ${configurationBound}`,
    );
  }
}
