// URL building blocks the server-side lists share (the lifts list's rules: 1-based pages in the
// URL, defaults left out, anything malformed falls back to the default).
import { idSchema, maxOffset } from '@liftwacht/contracts/common';

export const rowsPerPageOptions = [25, 50, 100] as const;
export const defaultRows = 25;

export type SortDirection = 'asc' | 'desc';

export interface Paged {
  /** 0-based; the URL shows it 1-based, as people count pages. */
  page: number;
  rows: number;
}

export function parseRows(raw: string | null): number {
  const rows = Number(raw);
  return (rowsPerPageOptions as readonly number[]).includes(rows) ? rows : defaultRows;
}

/** A page beyond the deepest offset the server serves (a hand-edited page=99999) is the first page. */
export function parsePage(raw: string | null, rows: number): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && (page - 1) * rows <= maxOffset ? page - 1 : 0;
}

/** One of `options`, or null for a missing or unknown value. */
export function parseOption<T extends string>(raw: string | null, options: readonly T[]): T | null {
  return raw !== null && (options as readonly string[]).includes(raw) ? (raw as T) : null;
}

export function parseId(raw: string | null): number | null {
  if (raw === null) return null;
  const parsed = idSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const parseDirection = (raw: string | null, fallback: SortDirection): SortDirection =>
  parseOption(raw, ['asc', 'desc'] as const) ?? fallback;

/** The search as typed into the URL, within the contract's 200 characters. */
export const parseSearch = (raw: string | null): string => raw?.slice(0, 200) ?? '';

/** Writes the values that are set (strings non-blank, numbers present); the rest stays out of the URL. */
export function setIfPresent(params: URLSearchParams, name: string, value: string | number | null): void {
  if (value === null) return;
  const text = String(value).trim();
  if (text !== '') params.set(name, text);
}

export function writePaging(params: URLSearchParams, { page, rows }: Paged): void {
  if (rows !== defaultRows) params.set('rows', String(rows));
  if (page > 0) params.set('page', String(page + 1));
}

/** A click on the sorted column turns it around; another column starts ascending. */
export const nextDirection = <F extends string>(field: F, sort: F, direction: SortDirection): SortDirection =>
  field === sort && direction === 'asc' ? 'desc' : 'asc';
