import type { Locale } from '@liftwacht/contracts/auth';
import type { ExportFileFormat } from '../../../components/export-menu.tsx';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /liftwacht/lift/{id}/visits/export or /logbook/export: every visit or line of the lift, as a file. */
export function exportLiftHistory(
  liftId: number,
  list: 'visits' | 'logbook',
  format: ExportFileFormat,
  language: Locale,
): Promise<string> {
  return downloadFile('GET', `/lift/${liftId}/${list}/export`, {
    query: { format, language },
    fallbackName: `${list}-lift-${liftId}.${format}`,
  });
}
