import type { LoginRequest } from '@liftwacht/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Exchanges credentials for an access token (401 `invalid_credentials` when they are wrong). */
export async function login(credentials: LoginRequest): Promise<string> {
  const response = await apiRequest('POST', '/auth', {
    // A loader: the login page does not download zod before it shows (api-client.ts).
    schema: () => import('@liftwacht/contracts/auth').then((m) => m.loginResponseSchema),
    body: credentials,
    authenticated: false,
  });
  return response.data.accessToken;
}
