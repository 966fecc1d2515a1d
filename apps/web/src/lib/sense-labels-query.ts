import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@liftwacht/contracts/auth';
import { senseConfigurationResponseSchema } from '@liftwacht/contracts/sense';
import { apiRequest } from './api-client.ts';

/** Spec §9: the sense configuration page limit. */
const senseConfigurationLimit = 9999;

/** The prefix of every merged-labels entry: a rename on Beheer › Meetwaarden invalidates it. */
export const readingLabelsKey = ['lifts', 'sense-configuration'] as const;

/**
 * GET /sense/configuration?type=label: the reading (module field) names, the organisation's own names
 * over the defaults, in the user's language. One cache entry for the lift page's readings and the
 * module page's provisioning lines.
 */
export const readingLabelsQueryOptions = (organisationId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...readingLabelsKey, 'label', organisationId, locale],
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
