import { queryOptions } from '@tanstack/react-query';
import {
  defaultEndHour,
  defaultStartHour,
  statsDetailsResponseSchema,
  type StatsDetailType,
} from '@liftwacht/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';

/** Enough for any organisation's fleet in one page, so the table sorts and filters everything. */
export const statsDetailsLimit = 1000;

export interface StatsDetailsRequest {
  type: StatsDetailType;
  organisationId: number;
  lower?: number;
  upper?: number;
  /** Given for period figures; absent for the current conditions. */
  period?: { from: string; to: string };
}

export const statsDetailsQueryOptions = (request: StatsDetailsRequest) =>
  queryOptions({
    queryKey: ['dashboard', 'stats-details', request] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/stats/details', {
        schema: statsDetailsResponseSchema,
        query: {
          type: request.type,
          organisationId: request.organisationId,
          lower: request.lower,
          upper: request.upper,
          from: request.period?.from,
          to: request.period?.to,
          startHour: defaultStartHour,
          endHour: defaultEndHour,
          limit: statsDetailsLimit,
          offset: 0,
        },
        signal,
      });
      return response.data;
    },
  });
