import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listStateParams, parseListState, type LiftListState } from '../lib/lift-list-params.ts';

export type UpdateListState = (patch: Partial<LiftListState>, options?: { replace?: boolean }) => void;

/** The list's search, paging and sorting, kept in the URL so reloads and shared links keep them. */
export function useLiftListState(): [LiftListState, UpdateListState] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback<UpdateListState>(
    (patch, options) => {
      setParams((current) => listStateParams({ ...parseListState(current), ...patch }), {
        replace: options?.replace ?? false,
      });
    },
    [setParams],
  );
  return [state, update];
}
