import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type UpdateList<S> = (patch: Partial<S>, options?: { replace?: boolean }) => void;

interface ListCodec<S> {
  parse: (params: URLSearchParams) => S;
  write: (state: S) => URLSearchParams;
}

/** A list's filters, sort and page kept in the URL, so a reload or a shared link shows the same rows. */
export function useUrlListState<S>({ parse, write }: ListCodec<S>): [S, UpdateList<S>] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [params, parse]);
  const update = useCallback<UpdateList<S>>(
    (patch, options) => {
      setParams((current) => write({ ...parse(current), ...patch }), { replace: options?.replace ?? false });
    },
    [setParams, parse, write],
  );
  return [state, update];
}
