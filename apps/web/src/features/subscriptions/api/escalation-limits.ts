import { queryOptions } from '@tanstack/react-query';
import { escalationSettingsResponseSchema } from '@liftwacht/contracts/escalations';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /organisations/{id}/escalation-settings: when the organisation's entrapments escalate. */
export const escalationLimitsQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['escalation-limits', organisationId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/organisations/${organisationId}/escalation-settings`, {
        schema: escalationSettingsResponseSchema,
        signal,
      });
      return response.data;
    },
  });
