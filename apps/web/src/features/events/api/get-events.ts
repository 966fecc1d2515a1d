import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { eventListResponseSchema, type EventSort } from '@liftwacht/contracts/events';
import type { SortOrder } from '@liftwacht/contracts/calls';
import { apiRequest } from '../../../lib/api-client.ts';
import type { EventFilters } from '../lib/event-filters.ts';

export interface EventListParams {
  organisationId: number;
  filters: EventFilters;
  sort: EventSort;
  order: SortOrder;
  limit: number;
  offset: number;
}

/** The list's filters and order as query parameters (the list and its export). */
export const eventListQuery = ({
  organisationId,
  filters,
  sort,
  order,
}: Omit<EventListParams, 'limit' | 'offset'>) => ({
  organisationId,
  types: filters.types.length > 0 ? filters.types.join(',') : undefined,
  liftIds: filters.lifts.length > 0 ? filters.lifts.map((lift) => lift.id).join(',') : undefined,
  from: filters.from ?? undefined,
  to: filters.to ?? undefined,
  showClosed: filters.showClosed,
  onlyUnavailability: filters.onlyUnavailability,
  sort,
  order,
});

/** GET /liftwacht/events; lists travel comma-separated, which the contract accepts. */
export const eventsQueryOptions = ({ organisationId, filters, sort, order, limit, offset }: EventListParams) =>
  queryOptions({
    queryKey: ['events', 'list', { organisationId, filters, sort, order, limit, offset }],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/events', {
        schema: eventListResponseSchema,
        signal,
        query: { ...eventListQuery({ organisationId, filters, sort, order }), limit, offset },
      });
      return response.data;
    },
    // Paging or sorting keeps the old rows visible instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
