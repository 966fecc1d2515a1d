import { queryOptions } from '@tanstack/react-query';
import {
  reportDeliveryListResponseSchema,
  reportSubscriptionListResponseSchema,
  type ReportSubscriptionInput,
} from '@liftwacht/contracts/reports';
import { apiRequest } from '../../../lib/api-client.ts';

export const reportSubscriptionsQueryKey = ['report-subscriptions'] as const;

export const reportSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: reportSubscriptionsQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/report-subscriptions', { schema: reportSubscriptionListResponseSchema, signal })).data
        .items,
  });

export async function addReportSubscription(body: ReportSubscriptionInput) {
  return (await apiRequest('POST', '/report-subscriptions', { schema: reportSubscriptionListResponseSchema, body }))
    .data.items;
}

export async function removeReportSubscription({ organisationId, cadence }: ReportSubscriptionInput) {
  const path = `/report-subscriptions/${String(organisationId)}/${cadence}`;
  return (await apiRequest('DELETE', path, { schema: reportSubscriptionListResponseSchema })).data.items;
}

/** GET /report-deliveries (administrators): scheduled report mails not sent yet. */
export const reportDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: ['report-deliveries'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/report-deliveries', { schema: reportDeliveryListResponseSchema, signal })).data.items,
  });
