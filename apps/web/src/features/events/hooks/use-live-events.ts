// The events list as the reader sees it while events open and close (issue 41): pushed changes of
// the organisation refetch the page and the newest events; the page keeps its rows in place (each
// as new as known) and new events wait behind a "n new" marker (lib/use-live-rows.ts).
import { useQueries, useQuery } from '@tanstack/react-query';
import type { LiftEvent } from '@liftwacht/contracts/events';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { useLiveRows } from '../../../lib/use-live-rows.ts';
import { eventQueryOptions } from '../api/get-event.ts';
import { eventsQueryOptions, type EventListParams } from '../api/get-events.ts';

/** A row that left the page (closed while closed ones are hidden) is fetched by id, a page's worth at most. */
const maxRefreshed = 100;

/** What a push refetches: every events list on screen and the events fetched by id. */
const pushedKeys = [
  ['events', 'list'],
  ['events', 'detail'],
] as const;

export function useLiveEvents(params: EventListParams) {
  const query = useQuery(eventsQueryOptions(params));
  // The newest events of these filters, whatever page and order are shown; the same request as
  // the first page in the default order, so that case costs nothing extra.
  const newestParams = { ...params, sort: 'startedAt', order: 'desc', offset: 0 } as const;
  const newest = useQuery(eventsQueryOptions(newestParams));
  useRefetchOnOrganisationChange(params.organisationId, pushedKeys, ['events']);

  const page = query.isPlaceholderData ? undefined : query.data;
  const newestIds = newest.isPlaceholderData ? undefined : newest.data?.items.map((event) => event.id);
  const pageKey = JSON.stringify(eventsQueryOptions(params).queryKey);
  const newestKey = JSON.stringify({ ...params, sort: null, order: null, limit: null, offset: null });

  const base = {
    pageKey,
    rows: page?.items,
    settled: !query.isFetching && !newest.isFetching,
    newestKey,
    newestIds,
  };
  const live = useLiveRows<LiftEvent>(base);
  const refreshedQueries = useQueries({
    queries: live.hiddenIds.slice(0, maxRefreshed).map((id) => ({ ...eventQueryOptions(id), retry: false })),
  });
  const refreshed = new Map<number, LiftEvent>();
  for (const result of refreshedQueries) if (result.data) refreshed.set(result.data.id, result.data);
  const rows = refreshed.size === 0 ? live.rows : live.rows?.map((row) => refreshed.get(row.id) ?? row);

  return { query, rows, newCount: live.newCount, showNew: live.showNew };
}
