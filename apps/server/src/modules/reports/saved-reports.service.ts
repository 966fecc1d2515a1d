// The report page's rules (/organisation-report): build a report for an organisation the user may
// read, in the chosen language, keep it (the last savedReportsKept per user), and hand a kept report
// back only to the user who made it, while that user may still read its organisation.
import {
  savedReportsKept,
  type ReportLanguage,
  type SavedReport,
  type SavedReportRequest,
} from '@liftwacht/contracts/reports';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { buildReportPdf } from './report-pdf-bytes.ts';
import type { ReportsService } from './reports.service.ts';
import type { SavedReportRow, SavedReportsRepository } from './saved-reports.repository.ts';

export class SavedReportsService {
  constructor(
    private readonly repository: SavedReportsRepository,
    private readonly reports: ReportsService,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async create(principal: Principal, request: SavedReportRequest): Promise<SavedReport> {
    // buildReportPdf checks the organisation (404) and the role's period figures (403) first.
    const built = await buildReportPdf(this.reports, principal, request, request.language);
    const id = await this.repository.save(
      { userId: principal.userId, ...request, pdf: built.pdf, createdAt: this.clock.now() },
      savedReportsKept,
    );
    const row = await this.repository.find(principal.userId, id);
    if (!row) throw notFound('Report');
    return toSavedReport(row);
  }

  async list(principal: Principal): Promise<SavedReport[]> {
    const rows = await this.repository.list(principal.userId);
    const visible: SavedReport[] = [];
    // An organisation the user no longer reaches drops out of the list, as it answers 404 below.
    for (const row of rows)
      if (await this.access.canAccess(principal, row.organisationId)) visible.push(toSavedReport(row));
    return visible;
  }

  async content(
    principal: Principal,
    id: number,
  ): Promise<{ organisationId: number; from: string; to: string; pdf: Uint8Array }> {
    const row = await this.repository.content(principal.userId, id);
    if (!row) throw notFound('Report');
    await this.access.assertOrganisation(principal, row.organisationId);
    return row;
  }
}

function toSavedReport(row: SavedReportRow): SavedReport {
  return {
    ...row,
    language: row.language as ReportLanguage,
    createdAt: row.createdAt.toISOString(),
  };
}
