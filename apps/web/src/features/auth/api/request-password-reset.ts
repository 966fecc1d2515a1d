import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// The server answers 200 whether or not the address is known, so nobody can probe for accounts;
// only the status matters here.
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('POST', '/password-reset/request', { schema: z.unknown(), body: { email }, authenticated: false });
}
