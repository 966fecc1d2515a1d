import type { Locale } from '@liftwacht/contracts/auth';
import type { ExportFileFormat } from '../../../components/export-menu.tsx';
import { downloadFile } from '../../../lib/download-file.ts';
import { eventListQuery, type EventListParams } from './get-events.ts';

/** GET /liftwacht/events/export: every event the list shows for its filters and order, as a file. */
export function exportEvents(
  list: Omit<EventListParams, 'limit' | 'offset'>,
  format: ExportFileFormat,
  language: Locale,
): Promise<string> {
  return downloadFile('GET', '/events/export', {
    query: { ...eventListQuery(list), format, language },
    fallbackName: `events.${format}`,
  });
}
