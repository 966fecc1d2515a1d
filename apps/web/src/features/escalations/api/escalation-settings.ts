import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  escalationSettingsResponseSchema,
  type EscalationSettings,
  type UpdateEscalationSettings,
} from '@liftwacht/contracts/escalations';
import { apiRequest } from '../../../lib/api-client.ts';

const escalationSettingsKey = (organisationId: number) => ['escalation-settings', organisationId] as const;

/** GET /organisations/{id}/escalation-settings */
export const escalationSettingsQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: escalationSettingsKey(organisationId),
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/organisations/${organisationId}/escalation-settings`, {
        schema: escalationSettingsResponseSchema,
        signal,
      });
      return response.data;
    },
    // An edit starts from the stored version, not a five-minute-old copy.
    staleTime: 0,
  });

/** PUT /organisations/{id}/escalation-settings with the version the form was read at (409 when stale). */
export function useUpdateEscalationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ organisationId, body }: { organisationId: number; body: UpdateEscalationSettings }) =>
      (
        await apiRequest('PUT', `/organisations/${organisationId}/escalation-settings`, {
          schema: escalationSettingsResponseSchema,
          body,
        })
      ).data,
    onSuccess: (saved: EscalationSettings) => client.setQueryData(escalationSettingsKey(saved.organisationId), saved),
  });
}
