import { apiRequest } from '../../../lib/api-client.ts';

/** The product version shown on the login page. */
export async function getVersion(signal?: AbortSignal): Promise<string> {
  const response = await apiRequest('GET', '/version', {
    // A loader: the login page does not download zod before it shows (api-client.ts).
    schema: () => import('@liftwacht/contracts/system').then((m) => m.versionResponseSchema),
    signal,
    authenticated: false,
  });
  return response.data.version;
}
