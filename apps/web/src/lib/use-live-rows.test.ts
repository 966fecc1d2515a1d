import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLiveRows, type LiveRowsInput } from './use-live-rows.ts';

interface Row {
  id: number;
  closed: boolean;
}

const row = (id: number, closed = false): Row => ({ id, closed });
const input = (rows: Row[] | undefined, overrides: Partial<LiveRowsInput<Row>> = {}): LiveRowsInput<Row> => ({
  pageKey: 'page-0',
  rows,
  settled: true,
  newestKey: 'filters',
  newestIds: rows?.map((r) => r.id),
  ...overrides,
});

const ids = (rows: Row[] | undefined) => rows?.map((r) => r.id);

describe('useLiveRows', () => {
  it('keeps the rows in place, updates them, counts new ones and shows them on request', () => {
    const view = renderHook((props: LiveRowsInput<Row>) => useLiveRows(props), {
      initialProps: input([row(3), row(2), row(1)]),
    });
    expect(ids(view.result.current.rows)).toEqual([3, 2, 1]);
    expect(view.result.current.newCount).toBe(0);

    // Two new events on top, event 2 closed and event 1 pushed off the page.
    view.rerender(input([row(5), row(4), row(3), row(2, true)]));
    expect(ids(view.result.current.rows)).toEqual([3, 2, 1]);
    expect(view.result.current.rows?.[1]).toEqual(row(2, true));
    expect(view.result.current.newCount).toBe(2);
    expect(view.result.current.hiddenIds).toEqual([1]);

    act(() => view.result.current.showNew());
    expect(ids(view.result.current.rows)).toEqual([5, 4, 3, 2]);
    expect(view.result.current.newCount).toBe(0);
    expect(view.result.current.hiddenIds).toEqual([]);
  });

  it('takes another page or filter as it comes, once its fetch settled', () => {
    const view = renderHook((props: LiveRowsInput<Row>) => useLiveRows(props), {
      initialProps: input([row(2), row(1)]),
    });
    // Cached rows of another page are shown while fetched again; what the fetch adds is not new.
    view.rerender(input([row(9)], { pageKey: 'page-1', newestKey: 'other', settled: false }));
    expect(ids(view.result.current.rows)).toEqual([9]);
    view.rerender(input([row(10), row(9)], { pageKey: 'page-1', newestKey: 'other' }));
    expect(ids(view.result.current.rows)).toEqual([10, 9]);
    expect(view.result.current.newCount).toBe(0);
  });

  it('shows the first rows of an empty list at once', () => {
    const view = renderHook((props: LiveRowsInput<Row>) => useLiveRows(props), { initialProps: input([]) });
    view.rerender(input([row(1)]));
    expect(ids(view.result.current.rows)).toEqual([1]);
    expect(view.result.current.newCount).toBe(0);
    // Still not news on another page of the same filters.
    view.rerender(input([], { pageKey: 'page-1', newestIds: [1] }));
    expect(view.result.current.newCount).toBe(0);
  });

  it('counts new rows that are on another page than the one shown', () => {
    const view = renderHook((props: LiveRowsInput<Row>) => useLiveRows(props), {
      initialProps: input([row(2)], { pageKey: 'page-1', newestIds: [4, 3] }),
    });
    view.rerender(input([row(2)], { pageKey: 'page-1', newestIds: [6, 5, 4] }));
    expect(view.result.current.newCount).toBe(2);
    expect(ids(view.result.current.rows)).toEqual([2]);
  });
});
