import type { z } from 'zod';
import type { liftExportRequestSchema } from '@liftwacht/contracts/lift-spreadsheets';
import { downloadFile } from '../../../lib/download-file.ts';

/**
 * POST /liftwacht/lift/export: every lift the list shows for the same organisation, search or
 * criteria and order, as a file in the user's language; saved under the server's file name.
 */
export function exportLifts(request: z.input<typeof liftExportRequestSchema>): Promise<string> {
  return downloadFile('POST', '/lift/export', { body: request, fallbackName: `lifts.${request.format}` });
}
