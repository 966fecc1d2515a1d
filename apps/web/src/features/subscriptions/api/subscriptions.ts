import { queryOptions } from '@tanstack/react-query';
import { subscriptionsResponseSchema, type SubscriptionsUpdate } from '@liftwacht/contracts/subscriptions';
import { apiRequest } from '../../../lib/api-client.ts';

export const subscriptionsQueryKey = ['subscriptions'] as const;

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionsQueryKey,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/subscriptions', { schema: subscriptionsResponseSchema, signal });
      return response.data;
    },
    // What the form starts from must be the stored state, not a five-minute-old copy.
    staleTime: 0,
  });

/** PUT replaces the whole set (the contract's rule), so the caller sends everything it shows. */
export async function saveSubscriptions(body: SubscriptionsUpdate) {
  const response = await apiRequest('PUT', '/subscriptions', { schema: subscriptionsResponseSchema, body });
  return response.data;
}
