import { queryOptions } from '@tanstack/react-query';
import { countersResponseSchema, type CounterInterval, type CounterKind } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface CounterParams {
  liftId: number;
  kind: CounterKind;
  interval: CounterInterval;
  from: string;
  to: string;
}

/** GET /liftwacht/lift/{id}/counters: the periodical counter (spec §3, items with sum). */
export const countersQueryOptions = ({ liftId, ...query }: CounterParams) =>
  queryOptions({
    queryKey: ['lifts', 'counters', liftId, query],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/counters`, {
        schema: countersResponseSchema,
        signal,
        query: { ...query },
      });
      return response.data;
    },
  });
