import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@liftwacht/contracts/auth';
import { senseConfigurationResponseSchema } from '@liftwacht/contracts/sense';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /sense/configuration?type=label for the module page's provisioning lines: the organisation's
 * reading names over the defaults. The lift page's query key, so both share one answer and a rename
 * on Beheer › Meetwaarden refreshes both.
 */
export const readingLabelsQueryOptions = (organisationId: number, locale: Locale) =>
  queryOptions({
    queryKey: ['lifts', 'sense-configuration', 'label', organisationId, locale],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/sense/configuration', {
        schema: senseConfigurationResponseSchema,
        signal,
        query: { type: 'label', limit: 9999, organisationId, locale },
      });
      return response.data.items;
    },
    staleTime: Infinity,
  });
