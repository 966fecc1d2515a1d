import { versionResponseSchema } from '@liftwacht/contracts/system';
import { apiRequest } from '../../../lib/api-client.ts';

/** The product version shown on the login page. */
export async function getVersion(signal?: AbortSignal): Promise<string> {
  const response = await apiRequest('GET', '/version', { schema: versionResponseSchema, signal, authenticated: false });
  return response.data.version;
}
