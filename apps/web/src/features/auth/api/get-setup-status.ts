import { setupStatusResponseSchema } from '@liftwacht/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the first administrator still has to be created (a first run without the demo). */
export async function getSetupStatus(signal?: AbortSignal): Promise<boolean> {
  const response = await apiRequest('GET', '/setup', {
    schema: setupStatusResponseSchema,
    signal,
    authenticated: false,
  });
  return response.data.required;
}
