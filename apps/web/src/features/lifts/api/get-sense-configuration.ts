import { queryOptions } from '@tanstack/react-query';
import { senseConfigurationResponseSchema } from '@liftwacht/contracts/sense';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §9: the sense configuration page limit. */
const senseConfigurationLimit = 9999;

/** GET /liftwacht/sense/configuration?type=label: the labels of the module fields (spec §7). */
export const senseLabelsQueryOptions = () =>
  queryOptions({
    queryKey: ['lifts', 'sense-configuration', 'label'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/sense/configuration', {
        schema: senseConfigurationResponseSchema,
        signal,
        query: { type: 'label', limit: senseConfigurationLimit },
      });
      return response.data.items;
    },
    // Labels change with a module type's configuration, not while someone looks at a lift.
    staleTime: Infinity,
  });
