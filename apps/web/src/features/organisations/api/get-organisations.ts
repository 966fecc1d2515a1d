import { organisationListResponseSchema, type PickableOrganisation } from '@liftwacht/contracts/organisations';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §9: the picker lists up to 1000 organisations. */
export const organisationListLimit = 1000;

/** The organisations the user may pick (their own plus the ones granted to it), with their lift counts. */
export async function getOrganisations(signal?: AbortSignal): Promise<PickableOrganisation[]> {
  const response = await apiRequest('GET', '/organisation', {
    schema: organisationListResponseSchema,
    query: { limit: organisationListLimit },
    signal,
  });
  return response.data.items;
}
