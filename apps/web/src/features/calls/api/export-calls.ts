import type { Locale } from '@liftwacht/contracts/auth';
import type { ExportFileFormat } from '../../../components/export-menu.tsx';
import { downloadFile } from '../../../lib/download-file.ts';
import type { CallListParams } from './get-calls.ts';

/** GET /liftwacht/calls/export: every call the list shows for its filters and order, as a file. */
export function exportCalls(
  { kinds, liftIds, ...rest }: Omit<CallListParams, 'limit' | 'offset'>,
  format: ExportFileFormat,
  language: Locale,
): Promise<string> {
  return downloadFile('GET', '/calls/export', {
    query: {
      ...rest,
      kinds: kinds.length > 0 ? kinds.join(',') : undefined,
      liftIds: liftIds.length > 0 ? liftIds.join(',') : undefined,
      format,
      language,
    },
    fallbackName: `calls.${format}`,
  });
}

/** GET /liftwacht/calls/current/export: every call not yet ended, as a file. */
export function exportCurrentCalls(
  organisationId: number,
  format: ExportFileFormat,
  language: Locale,
): Promise<string> {
  return downloadFile('GET', '/calls/current/export', {
    query: { organisationId, format, language },
    fallbackName: `current-calls.${format}`,
  });
}
