// A server-side list that follows pushes without moving under the reader (events, alarm calls).
// The rows the reader is looking at stay where they are: each is replaced by its newest version
// (an event that closed reads as closed in place), and a row that dropped out of the refetched page
// keeps its place with what was last known of it (the caller may fetch it by id: hiddenIds). Rows
// that are new since the reader last took the list are only counted; showNew() takes the list as
// it is now. New means a higher id than any the reader was shown: ids are handed out in order, so
// a late message about an old day still counts as new.
import { useState } from 'react';

interface Snapshot<T> {
  key: string;
  rows: T[];
}

interface Baseline {
  key: string;
  maxId: number;
}

export interface LiveRowsInput<T extends { id: number }> {
  /** What the page lists (filters, order, page): another key is another list, taken as it comes. */
  pageKey: string;
  /** The page as the server last answered for this key; undefined while loading (or a placeholder of another key). */
  rows: T[] | undefined;
  /**
   * No fetch of the page or of the newest rows under way. A list is taken only once its fetch settled: data kept in the
   * cache from an earlier visit is shown while it is fetched again, and what that fetch adds is
   * not new to the reader.
   */
  settled: boolean;
  /** What the newest rows are counted against (the filters, without order and page). */
  newestKey: string;
  /** Ids of the newest rows matching the filters, whatever page is shown; undefined while loading. */
  newestIds: readonly number[] | undefined;
}

export interface LiveRows<T> {
  /** The rows to show: the ones taken, in their places, each as new as known. */
  rows: T[] | undefined;
  /** New rows matching the filters since the list was taken. */
  newCount: number;
  /** Shown rows the refetched page no longer holds: fetch them by id to show their newest state. */
  hiddenIds: number[];
  /** Takes the list as the server answers it now. */
  showNew: () => void;
}

const maxIdOf = (ids: readonly number[]) => ids.reduce((max, id) => Math.max(max, id), 0);

export function useLiveRows<T extends { id: number }>(input: LiveRowsInput<T>): LiveRows<T> {
  const { pageKey, rows, settled, newestKey, newestIds } = input;
  const [snapshot, setSnapshot] = useState<Snapshot<T> | null>(null);
  const [baseline, setBaseline] = useState<Baseline | null>(null);

  // Another list, or an empty one, is taken as the server answers it: nothing to keep in place.
  // (State set while rendering: React renders again at once, before anything is painted.)
  const firstRows = snapshot?.key === pageKey && snapshot.rows.length === 0 && (rows?.length ?? 0) > 0;
  if (rows && settled && (snapshot?.key !== pageKey || firstRows)) {
    setSnapshot({ key: pageKey, rows });
    // The first rows of an empty list are shown at once: they are not news any more.
    if (firstRows && newestIds && baseline?.key === newestKey) {
      setBaseline({ key: newestKey, maxId: Math.max(baseline.maxId, maxIdOf(newestIds)) });
    }
  }
  if (newestIds && settled && baseline?.key !== newestKey) setBaseline({ key: newestKey, maxId: maxIdOf(newestIds) });

  const current = snapshot?.key === pageKey ? snapshot : null;
  const fresh = new Map((rows ?? []).map((row) => [row.id, row]));
  const shown = current?.rows.map((row) => fresh.get(row.id) ?? row) ?? rows;
  const hiddenIds = current ? current.rows.filter((row) => !fresh.has(row.id)).map((row) => row.id) : [];
  const shownIds = new Set(shown?.map((row) => row.id));
  const newCount =
    baseline?.key === newestKey && newestIds
      ? newestIds.filter((id) => id > baseline.maxId && !shownIds.has(id)).length
      : 0;

  return {
    rows: shown,
    newCount,
    hiddenIds: rows ? hiddenIds : [],
    showNew: () => {
      if (rows) setSnapshot({ key: pageKey, rows });
      if (newestIds) setBaseline({ key: newestKey, maxId: Math.max(baseline?.maxId ?? 0, maxIdOf(newestIds)) });
    },
  };
}
