import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the first administrator still has to be created (a first run without the demo). */
export async function getSetupStatus(signal?: AbortSignal): Promise<boolean> {
  const response = await apiRequest('GET', '/setup', {
    // A loader: the login page does not download zod before it shows (api-client.ts).
    schema: () => import('@liftwacht/contracts/auth').then((m) => m.setupStatusResponseSchema),
    signal,
    authenticated: false,
  });
  return response.data.required;
}
