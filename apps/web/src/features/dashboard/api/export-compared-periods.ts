import type { Locale } from '@liftwacht/contracts/auth';
import { defaultEndHour, defaultStartHour } from '@liftwacht/contracts/dashboard';
import type { ExportFileFormat } from '../../../components/export-menu.tsx';
import { downloadFile } from '../../../lib/download-file.ts';

interface ComparedRange {
  from: string;
  to: string;
}

export interface ComparedPeriodsExport {
  organisationId: number;
  /** The page's tables in order, each its current and its previous period. */
  pairs: readonly { current: ComparedRange; previous: ComparedRange }[];
}

/** GET /liftwacht/stats/compare/export: the compare-periods page's tables as one file. */
export function exportComparedPeriods(
  request: ComparedPeriodsExport,
  format: ExportFileFormat,
  language: Locale,
): Promise<string> {
  const periods = request.pairs
    .flatMap(({ current, previous }) => [current, previous])
    .map((range) => `${range.from}/${range.to}`)
    .join(',');
  return downloadFile('GET', '/stats/compare/export', {
    query: {
      organisationId: request.organisationId,
      periods,
      // The business hours every period's figures on the page are computed with (statsQueryOptions).
      startHour: defaultStartHour,
      endHour: defaultEndHour,
      format,
      language,
    },
    fallbackName: `compare-periods.${format}`,
  });
}
