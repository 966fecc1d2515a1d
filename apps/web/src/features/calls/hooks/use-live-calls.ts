// The alarm calls list while calls come in and end (issue 41), as the events list does: a push of
// the organisation's calls refetches the page and the newest calls; the rows shown keep their
// places (each as new as known), new calls wait behind a "n new" marker (lib/use-live-rows.ts).
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Call } from '@liftwacht/contracts/calls';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { useLiveRows } from '../../../lib/use-live-rows.ts';
import { callQueryOptions } from '../api/get-call.ts';
import { callsQueryOptions, type CallListParams } from '../api/get-calls.ts';

/** A row pushed off the page by new calls is fetched by id, a page's worth at most. */
const maxRefreshed = 100;

/** What a push refetches: the lists on screen and the calls fetched by id. */
const pushedKeys = [
  ['calls', 'list'],
  ['calls', 'detail'],
] as const;

export function useLiveCalls(params: CallListParams, enabled: boolean) {
  const query = useQuery({ ...callsQueryOptions(params), enabled });
  // The newest calls of these filters, whatever page and order are shown (the first page in the
  // default order asks the same, so that case costs nothing extra).
  const newest = useQuery({
    ...callsQueryOptions({ ...params, sort: 'startedAt', order: 'desc', offset: 0 }),
    enabled,
  });
  useRefetchOnOrganisationChange(enabled ? params.organisationId : null, pushedKeys, ['calls']);

  const live = useLiveRows<Call>({
    pageKey: JSON.stringify(callsQueryOptions(params).queryKey),
    rows: query.isPlaceholderData ? undefined : query.data?.items,
    settled: !query.isFetching && !newest.isFetching,
    newestKey: JSON.stringify({ ...params, sort: null, order: null, limit: null, offset: null }),
    newestIds: newest.isPlaceholderData ? undefined : newest.data?.items.map((call) => call.id),
  });
  const refreshedQueries = useQueries({
    queries: live.hiddenIds.slice(0, maxRefreshed).map((id) => ({ ...callQueryOptions(id), retry: false })),
  });
  const refreshed = new Map<number, Call>();
  for (const result of refreshedQueries) if (result.data) refreshed.set(result.data.id, result.data);
  const rows = refreshed.size === 0 ? live.rows : live.rows?.map((row) => refreshed.get(row.id) ?? row);

  return { query, rows, newCount: live.newCount, showNew: live.showNew };
}
