import type { Locale } from '@liftwacht/contracts/auth';
import { defaultEndHour, defaultStartHour } from '@liftwacht/contracts/dashboard';
import type { ExportFileFormat } from '../../../components/export-menu.tsx';
import { downloadFile } from '../../../lib/download-file.ts';
import type { StatsDetailsRequest } from './stats-details-query.ts';

/** GET /liftwacht/stats/details/export: every lift behind the figure the page shows, as a file. */
export function exportStatsDetails(
  request: StatsDetailsRequest,
  format: ExportFileFormat,
  language: Locale,
): Promise<string> {
  return downloadFile('GET', '/stats/details/export', {
    query: {
      type: request.type,
      organisationId: request.organisationId,
      lower: request.lower,
      upper: request.upper,
      from: request.period?.from,
      to: request.period?.to,
      startHour: defaultStartHour,
      endHour: defaultEndHour,
      format,
      language,
    },
    fallbackName: `details.${format}`,
  });
}
