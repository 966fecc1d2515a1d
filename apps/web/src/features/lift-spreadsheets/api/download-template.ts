import type { LiftImportTemplateQuery } from '@liftwacht/contracts/lift-spreadsheets';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /liftwacht/admin/lift-imports/template: the import's column headers in the user's language. */
export function downloadTemplate({ format, language }: LiftImportTemplateQuery): Promise<string> {
  return downloadFile('GET', '/admin/lift-imports/template', {
    query: { format, language },
    fallbackName: `lift-import.${format}`,
  });
}
