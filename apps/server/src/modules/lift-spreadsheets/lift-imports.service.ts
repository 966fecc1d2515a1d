// The rules of a lift import: who may import into which organisation (its own administrators,
// system-admin any; an organisation merely in scope answers 403, one outside it 404), the upload
// stored and answered with its preview, and the apply — the plan rebuilt from the stored file in
// one transaction that writes every row through app.liftWrites or nothing.
import type { FastifyRequest } from 'fastify';
import type { LiftFields } from '@liftwacht/contracts/lift-editing';
import type { LiftImportPreview, LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { buildPlan, type ExistingLift, type ImportPlan, type LiftUpdate } from './import-plan.ts';
import type { LiftImportsRepository, StoredImport } from './lift-imports.repository.ts';
import { readSpreadsheet } from './spreadsheet-reader.ts';

/** What the import needs of app.liftWrites (the lifts module). */
export interface ImportLiftWrites {
  createMany(tx: Db, request: FastifyRequest | null, organisationId: number, lifts: LiftFields[]): Promise<number[]>;
  updateMany(tx: Db, request: FastifyRequest | null, updates: LiftUpdate[]): Promise<void>;
  fieldsOf(db: Db, organisationId: number): Promise<ExistingLift[]>;
}

export interface Upload {
  organisationId: number;
  fileName: string;
  content: Buffer;
}

export class LiftImportsService {
  constructor(
    private readonly imports: LiftImportsRepository,
    private readonly liftWrites: ImportLiftWrites,
    private readonly access: OrganisationAccess,
    private readonly audit: Audit,
    private readonly clock: Clock,
  ) {}

  async upload(principal: Principal, upload: Upload): Promise<LiftImportPreview> {
    await this.assertManages(principal, upload.organisationId);
    // Read before storing: a file that is no spreadsheet, too long or without the required columns
    // is refused and never kept.
    const sheet = await readSpreadsheet(upload.content);
    const plan = buildPlan(sheet, await this.liftWrites.fieldsOf(this.imports.db, upload.organisationId));
    const id = await this.imports.insert(
      { ...upload, userId: principal.userId, format: sheet.format, content: upload.content },
      this.clock.now(),
    );
    await this.imports.setPreviewVersions(id, plan.versions);
    const stored = await this.imports.find(this.imports.db, id);
    if (!stored) throw notFound('Lift import');
    return previewOf(stored, plan);
  }

  async preview(principal: Principal, id: string): Promise<LiftImportPreview> {
    const stored = await this.found(principal, id);
    const plan = buildPlan(
      await readSpreadsheet(stored.content),
      await this.liftWrites.fieldsOf(this.imports.db, stored.organisationId),
    );
    // The apply holds the lifts to what this preview showed.
    if (!stored.appliedAt) await this.imports.setPreviewVersions(id, plan.versions);
    return previewOf(stored, plan);
  }

  async apply(request: FastifyRequest, principal: Principal, id: string): Promise<LiftImportResult> {
    const { organisationId, content } = await this.found(principal, id);
    // Reading the file is the slow part and needs no lock: done before the transaction opens.
    const sheet = await readSpreadsheet(content);
    return this.imports.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const stored = await this.imports.find(tx, id, true);
      if (!stored) throw notFound('Lift import');
      if (stored.appliedAt) throw conflict('This import has been applied already', 'id');
      const plan = buildPlan(sheet, await this.liftWrites.fieldsOf(tx, organisationId));
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
      const created = await this.liftWrites.createMany(tx, request, organisationId, plan.creates);
      await this.liftWrites.updateMany(tx, request, plan.updates);
      const appliedAt = this.clock.now();
      const result = { created: created.length, updated: plan.updates.length, unchanged: plan.counts.unchanged };
      await this.imports.markApplied(tx, id, result, appliedAt);
      await this.audit.record(tx, request, {
        organisationId,
        action: 'lift_import.applied',
        subjectType: 'lift_import',
        subjectId: id,
        before: null,
        after: { fileName: stored.fileName, format: stored.format, rows: plan.counts.rows, ...result },
      });
      return { id, ...result, appliedAt: appliedAt.toISOString() };
    });
  }

  /** The import, when the principal administers its organisation (403 in scope, 404 outside). */
  private async found(principal: Principal, id: string): Promise<StoredImport> {
    const stored = await this.imports.find(this.imports.db, id);
    if (!stored || !(await this.access.canAccess(principal, stored.organisationId))) throw notFound('Lift import');
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
    ignoredColumns: plan.ignoredColumns,
    counts: plan.counts,
    rows: plan.rows,
  };
}
