import type { ImportRow } from '@liftwacht/contracts/lift-spreadsheets';

export const previewRowsPerPage = [25, 50, 100] as const;

/** The rows the table pages through: all, or only those with problems. */
export function visibleRows(rows: readonly ImportRow[], onlyErrors: boolean): readonly ImportRow[] {
  return onlyErrors ? rows.filter((row) => row.action === 'error') : rows;
}

/** One page of rows; only this page is rendered, so 10,000 rows stay fast. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): readonly T[] {
  return rows.slice(page * size, (page + 1) * size);
}
