import { apiRequest } from '../../../lib/api-client.ts';

// The server answers 200 whether or not the address is known, so nobody can probe for accounts;
// only that it succeeded matters here.
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('POST', '/password-reset/request', {
    // A loader: the login page does not download zod before it shows (api-client.ts).
    schema: () => import('@liftwacht/contracts/auth').then((m) => m.okResponseSchema),
    body: { email },
    authenticated: false,
  });
}
