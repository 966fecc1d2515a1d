// One organisation report is drawn at a time per process, whoever asks (POST /report/pdf, the
// saved reports, the scheduled report mails): a 1,000-lift document is ~200 ms of drawing and tens
// of megabytes while it is drawn, and five drawn side by side held five times that. The others wait
// in call order (their figures are read meanwhile); past `maxQueuedDrawings` waiting, a request is
// answered 503 with Retry-After rather than held without bound.
import { ConcurrencyGate } from '../../lib/heavy-reads.ts';
import { renderOrganisationReport } from './organisation-report.ts';
import type { OrganisationReport } from './report-model.ts';

export const maxQueuedDrawings = 20;

export const reportDrawings = new ConcurrencyGate(1, maxQueuedDrawings);

/** The report's PDF document (a stream of bytes, already complete), drawn in its turn. */
export function drawReport(report: OrganisationReport): Promise<PDFKit.PDFDocument> {
  return reportDrawings.run(() => renderOrganisationReport(report));
}
