// The rules of a lift import: who may import into which organisation (its own administrators,
// system-admin any; an organisation merely in scope answers 403, one outside it 404), the upload
// read once (off the main thread), its rows stored and answered with its preview, and the apply —
// the plan rebuilt from the stored rows in one transaction that writes every row through
// app.liftWrites, and the rows' inspections and maintenance visits through app.inspections and
// app.visits, or nothing. The apply refuses while
// an unknown column is not acknowledged, and a plan that changes nothing writes nothing.
import type { FastifyRequest } from 'fastify';
import type { LiftFields } from '@liftwacht/contracts/lift-editing';
import type { InspectionKind, InspectionResult } from '@liftwacht/contracts/inspections';
import type { LiftImportApply, LiftImportPreview, LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDay } from '../../lib/local-day.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import {
  buildPlan,
  finishPlan,
  recordLookups,
  type DraftPlan,
  type ExistingLift,
  type ImportPlan,
  type LiftUpdate,
  type RecordTarget,
} from './import-plan.ts';
import { knownByDay, type KnownInspection } from './import-records.ts';
import { isExpired } from './lift-imports-expiry.ts';
import type { LiftImportsRepository, StoredImport } from './lift-imports.repository.ts';
import type { Sheet } from './spreadsheet-reader.ts';

/** What the import needs of app.liftWrites (the lifts module). */
export interface ImportLiftWrites {
  createMany(tx: Db, request: FastifyRequest | null, organisationId: number, lifts: LiftFields[]): Promise<number[]>;
  updateMany(tx: Db, request: FastifyRequest | null, updates: LiftUpdate[]): Promise<void>;
  fieldsOf(db: Db, organisationId: number): Promise<ExistingLift[]>;
}

/** An inspection or visit the import adds, for the lift it belongs to. */
export interface ImportedInspection {
  liftId: number;
  inspectedOn: string;
  kind: InspectionKind;
  result: InspectionResult;
  validUntil: string | null;
}
export interface ImportedVisit {
  liftId: number;
  day: string;
}

/** What the import needs of app.inspections.imports (the inspections module). */
export interface ImportInspections {
  known(
    db: Db,
    liftIds: readonly number[],
    days: readonly string[],
  ): Promise<{ inspections: KnownInspection[]; latestValidUntil: Map<number, string> }>;
  record(
    tx: Db,
    request: FastifyRequest,
    organisationId: number,
    importId: string,
    inspections: readonly ImportedInspection[],
  ): Promise<void>;
  /** After the commit: mails queued by the state events, and the dashboards told. */
  committed(organisationId: number): void;
}

/** What the import needs of app.visits.imports (the visits module). */
export interface ImportVisits {
  /** `liftId:yyyy-MM-dd` of each maintenance visit of the lifts on the days. */
  maintenanceDays(db: Db, liftIds: readonly number[], days: readonly string[]): Promise<Set<string>>;
  record(
    tx: Db,
    request: FastifyRequest,
    organisationId: number,
    importId: string,
    visits: readonly ImportedVisit[],
  ): Promise<void>;
  changed(organisationId: number): void;
}

export interface Upload {
  organisationId: number;
  fileName: string;
  content: Buffer;
}

/** Reads uploads and stored sheets off the main thread (app.liftImports.workers). */
export interface SheetReader {
  /** The upload within liftImportLimits, and the sheet packed for storing. */
  read(bytes: Buffer): Promise<{ sheet: Sheet; packed: Buffer }>;
  unpack(packed: Buffer): Promise<Sheet>;
}

export class LiftImportsService {
  constructor(
    private readonly imports: LiftImportsRepository,
    private readonly liftWrites: ImportLiftWrites,
    private readonly records: { inspections: ImportInspections; visits: ImportVisits },
    private readonly access: OrganisationAccess,
    private readonly audit: Audit,
    private readonly clock: Clock,
    private readonly sheets: SheetReader,
  ) {}

  async upload(principal: Principal, upload: Upload): Promise<LiftImportPreview> {
    await this.assertManages(principal, upload.organisationId);
    // Read before storing (once: what is stored are the rows read): a file that is no spreadsheet,
    // beyond a limit or without the required columns is refused and never kept.
    const { sheet, packed } = await this.sheets.read(upload.content);
    const plan = await this.plan(
      this.imports.db,
      buildPlan(sheet, await this.liftWrites.fieldsOf(this.imports.db, upload.organisationId)),
    );
    const id = await this.imports.insert(
      {
        organisationId: upload.organisationId,
        fileName: upload.fileName,
        userId: principal.userId,
        format: sheet.format,
        sheet: packed,
      },
      this.clock.now(),
    );
    await this.imports.setPreviewVersions(id, plan.versions);
    const stored = await this.imports.find(this.imports.db, id);
    if (!stored) throw notFound('Lift import');
    return previewOf(stored, plan);
  }

  async preview(principal: Principal, id: string): Promise<LiftImportPreview> {
    const stored = await this.found(principal, id);
    const plan = await this.plan(
      this.imports.db,
      buildPlan(await this.sheetOf(stored), await this.liftWrites.fieldsOf(this.imports.db, stored.organisationId)),
    );
    // The apply holds the lifts to what this preview showed.
    if (!stored.appliedAt) await this.imports.setPreviewVersions(id, plan.versions);
    return previewOf(stored, plan);
  }

  async apply(
    request: FastifyRequest,
    principal: Principal,
    id: string,
    body: LiftImportApply = { ignoreColumns: [] },
  ): Promise<LiftImportResult> {
    const imported = await this.found(principal, id);
    const { organisationId } = imported;
    // Unpacking the stored rows is the slow part and needs no lock: done before the transaction opens.
    const sheet = await this.sheetOf(imported);
    let wrote: { inspections: boolean; visits: boolean } = { inspections: false, visits: false };
    // One transaction, all rows or none; inside it the plan and every write go in bounded batches
    // with turns of the event loop between (lib/batches.ts): on PGlite each statement runs on the
    // main thread, and a transaction's statements are never interleaved with other work for it.
    const result = await this.imports.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const stored = await this.imports.find(tx, id, true);
      if (!stored) throw notFound('Lift import');
      if (stored.appliedAt) throw conflict('This import has been applied already', 'id');
      const plan = await this.plan(tx, buildPlan(sheet, await this.liftWrites.fieldsOf(tx, organisationId)));
      const ignored = new Set(body.ignoreColumns);
      const unacknowledged = plan.unknownColumns.filter((column) => !ignored.has(column.header));
      if (unacknowledged.length > 0) {
        const names = unacknowledged.map((column) => `"${column.header}"`).join(', ');
        throw new AppError(
          422,
          'unprocessable',
          `Columns ${names} match no lift column: rename them, or name them in ignoreColumns to import without them`,
          'ignoreColumns',
        );
      }
      if (plan.counts.error > 0) {
        throw new AppError(
          422,
          'unprocessable',
          `${plan.counts.error} of ${plan.counts.rows} rows have errors: correct the file and upload it again`,
        );
      }
      if (!sameVersions(plan.versions, stored.result?.previewVersions ?? {})) {
        throw conflict('Lifts of this import changed since the preview: look at the preview again', 'id');
      }
      const appliedAt = this.clock.now();
      const counts = {
        created: plan.creates.length,
        updated: plan.updates.length,
        unchanged: plan.counts.unchanged,
        inspections: plan.inspections.length,
        visits: plan.visits.length,
      };
      // Nothing to change (an export imported again): no lift, record or audit entry is written;
      // only the import itself is marked applied.
      if (counts.created + counts.updated + counts.inspections + counts.visits > 0) {
        const created = await this.liftWrites.createMany(tx, request, organisationId, plan.creates);
        await this.liftWrites.updateMany(tx, request, plan.updates);
        const liftOf = (target: RecordTarget): number => {
          const liftId = 'liftId' in target ? target.liftId : created[target.created];
          if (liftId === undefined) throw new Error('an imported record lost its lift');
          return liftId;
        };
        await this.records.inspections.record(
          tx,
          request,
          organisationId,
          id,
          plan.inspections.map(({ target, ...inspection }) => ({ liftId: liftOf(target), ...inspection })),
        );
        await this.records.visits.record(
          tx,
          request,
          organisationId,
          id,
          plan.visits.map(({ target, day }) => ({ liftId: liftOf(target), day })),
        );
        await this.audit.record(tx, request, {
          organisationId,
          action: 'lift_import.applied',
          subjectType: 'lift_import',
          subjectId: id,
          before: null,
          after: {
            fileName: stored.fileName,
            format: stored.format,
            rows: plan.counts.rows,
            ignoredColumns: plan.unknownColumns.map((column) => column.header),
            ...counts,
          },
        });
      }
      await this.imports.markApplied(tx, id, counts, appliedAt);
      wrote = { inspections: counts.inspections > 0, visits: counts.visits > 0 };
      return { id, ...counts, appliedAt: appliedAt.toISOString() };
    });
    if (wrote.inspections) this.records.inspections.committed(organisationId);
    if (wrote.visits) this.records.visits.changed(organisationId);
    return result;
  }

  /**
   * The draft's records checked against what the matched lifts have. The draft comes as buildPlan's
   * promise: building it gives the event loop turns, as finishPlan does.
   */
  private async plan(db: Db, building: Promise<DraftPlan>): Promise<ImportPlan> {
    const draft = await building;
    const { liftIds, inspectionDays, maintenanceDays } = recordLookups(draft);
    const none = { inspections: [], latestValidUntil: new Map<number, string>() };
    const inspections = liftIds.length > 0 ? await this.records.inspections.known(db, liftIds, inspectionDays) : none;
    const visits =
      liftIds.length > 0 && maintenanceDays.length > 0
        ? await this.records.visits.maintenanceDays(db, liftIds, maintenanceDays)
        : new Set<string>();
    return finishPlan(
      draft,
      {
        inspections: knownByDay(inspections.inspections),
        latestValidUntil: inspections.latestValidUntil,
        maintenanceDays: visits,
      },
      localDay(this.clock.now()),
    );
  }

  /** The rows of a stored import; one stored with its file (before the rows were kept) is read from it. */
  private async sheetOf(stored: StoredImport): Promise<Sheet> {
    if (stored.sheet) return this.sheets.unpack(stored.sheet);
    if (stored.content) return (await this.sheets.read(stored.content)).sheet;
    throw notFound('Lift import');
  }

  /**
   * The import, when the principal administers its organisation (403 in scope, 404 outside); one
   * past keeping is gone, deleted or not yet (lift-imports-expiry.ts).
   */
  private async found(principal: Principal, id: string): Promise<StoredImport> {
    const stored = await this.imports.find(this.imports.db, id);
    if (
      !stored ||
      isExpired(stored, this.clock.now()) ||
      !(await this.access.canAccess(principal, stored.organisationId))
    ) {
      throw notFound('Lift import');
    }
    if (!manages(principal, stored.organisationId)) throw forbidden();
    return stored;
  }

  private async assertManages(principal: Principal, organisationId: number): Promise<void> {
    await this.access.assertOrganisation(principal, organisationId);
    if (!manages(principal, organisationId)) throw forbidden();
  }
}

/** Lifts are managed by their own organisation's administrators, and by system-admin. */
const manages = (principal: Principal, organisationId: number): boolean =>
  seesEveryOrganisation(principal.roles) || principal.organisationId === organisationId;

function sameVersions(now: Record<string, number>, previewed: Record<string, number>): boolean {
  const ids = Object.keys(now);
  return ids.length === Object.keys(previewed).length && ids.every((id) => previewed[id] === now[id]);
}

function previewOf(stored: StoredImport, plan: ImportPlan): LiftImportPreview {
  return {
    id: stored.id,
    organisationId: stored.organisationId,
    fileName: stored.fileName,
    format: stored.format,
    createdAt: stored.createdAt.toISOString(),
    appliedAt: stored.appliedAt?.toISOString() ?? null,
    columns: plan.columns,
    readOnlyColumns: plan.readOnlyColumns,
    unknownColumns: plan.unknownColumns,
    counts: plan.counts,
    rows: plan.rows,
  };
}
