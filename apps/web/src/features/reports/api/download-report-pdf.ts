import { reportPdfRequestSchema, type ReportPdfRequest } from '@liftwacht/contracts/reports';
import { apiRequestResponse } from '../../../lib/api-client.ts';

/** POST /report/pdf (spec §7): the PDF itself; failures arrive as the usual JSON error envelope. */
export async function fetchReportPdf(request: ReportPdfRequest): Promise<Blob> {
  // Checked here too, so a bad range fails in the browser rather than as a 400 after a round trip.
  const body = reportPdfRequestSchema.parse(request);
  return (await apiRequestResponse('POST', '/report/pdf', { body })).blob();
}
