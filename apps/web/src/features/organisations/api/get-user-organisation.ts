import { userOrganisationResponseSchema, type Organisation } from '@liftwacht/contracts/organisations';
import { apiRequest } from '../../../lib/api-client.ts';

/** The organisation the signed-in user belongs to. */
export async function getUserOrganisation(signal?: AbortSignal): Promise<Organisation> {
  const response = await apiRequest('GET', '/user/organisation', { schema: userOrganisationResponseSchema, signal });
  return response.data;
}
