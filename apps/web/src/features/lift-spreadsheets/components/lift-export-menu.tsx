import type { z } from 'zod';
import type { liftExportRequestSchema, SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import type { liftSearchCriteriaSchema, LiftSort, LiftSortDirection } from '@liftwacht/contracts/lifts';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { toLocale } from '../../../lib/i18n.ts';
import { exportLifts } from '../api/export-lifts.ts';

/** What the lifts list shows: the export covers exactly that, every page of it. */
export interface ExportedList {
  organisationId: number | null;
  search: string;
  /** The advanced search's criteria; null when the free-text search is used. */
  criteria: z.input<typeof liftSearchCriteriaSchema> | null;
  sort: LiftSort;
  direction: LiftSortDirection;
}

export function exportRequest(
  list: ExportedList,
  format: SpreadsheetFormat,
  language: string,
): z.input<typeof liftExportRequestSchema> {
  const search = list.search.trim();
  return {
    format,
    language: toLocale(language),
    organisationId: list.organisationId ?? undefined,
    // The list uses either the search box or the advanced criteria, never both.
    search: list.criteria === null && search !== '' ? search : undefined,
    criteria: list.criteria ?? undefined,
    sort: list.sort,
    direction: list.direction,
  };
}

/** "Exporteren" → CSV or Excel: the lifts list as a file (components/export-menu.tsx). */
export function LiftExportMenu({ list }: { list: ExportedList }) {
  return <ExportMenu onExport={(format, language) => exportLifts(exportRequest(list, format, language))} />;
}
