// Sorting the stats details table: text columns as people read them, values by what they measure.
import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';

export type DetailsColumn = 'name' | 'address' | 'buildingName' | 'value';
export type SortDirection = 'asc' | 'desc';

export interface DetailsSort {
  column: DetailsColumn;
  direction: SortDirection;
}

function compareValues(a: StatsDetailItem['value'], b: StatsDetailItem['value'], collator: Intl.Collator): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Dates and timestamps are ISO strings: they sort as text.
  return collator.compare(String(a), String(b));
}

/** A sorted copy; empty values go last in both directions, ties stay in lift id order. */
export function sortDetails(items: readonly StatsDetailItem[], sort: DetailsSort, locale: string): StatsDetailItem[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const left = a[sort.column];
    const right = b[sort.column];
    const leftEmpty = left === null || left === '';
    const rightEmpty = right === null || right === '';
    if (leftEmpty || rightEmpty) return leftEmpty === rightEmpty ? a.liftId - b.liftId : leftEmpty ? 1 : -1;
    const order =
      sort.column === 'value' ? compareValues(left, right, collator) : collator.compare(String(left), String(right));
    return order === 0 ? a.liftId - b.liftId : sign * order;
  });
}

/** Lifts whose id, name, address or building contains the text (case and accents ignored). */
export function filterDetails(
  items: readonly StatsDetailItem[],
  text: string,
  locale: string,
): readonly StatsDetailItem[] {
  const needle = normalise(text.trim(), locale);
  if (needle === '') return items;
  return items.filter((item) =>
    [String(item.liftId), item.name, item.address, item.buildingName ?? ''].some((field) =>
      normalise(field, locale).includes(needle),
    ),
  );
}

const normalise = (text: string, locale: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase(locale);
