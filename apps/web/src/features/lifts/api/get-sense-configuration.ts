import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@liftwacht/contracts/auth';
import { senseConfigurationResponseSchema } from '@liftwacht/contracts/sense';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §9: the sense configuration page limit. */
const senseConfigurationLimit = 9999;

/**
 * GET /liftwacht/sense/configuration?type=label: the labels of the module fields (spec §7), the lift's
 * organisation's own names over the defaults, in the user's language.
 */
export const senseLabelsQueryOptions = (organisationId: number, locale: Locale) =>
  queryOptions({
    queryKey: ['lifts', 'sense-configuration', 'label', organisationId, locale],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/sense/configuration', {
        schema: senseConfigurationResponseSchema,
        signal,
        query: { type: 'label', limit: senseConfigurationLimit, organisationId, locale },
      });
      return response.data.items;
    },
    // Labels change on the readings page (which refreshes this query), not while someone looks at a lift.
    staleTime: Infinity,
  });
