import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** Revokes the session on the server; the answer's body does not matter. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/auth/logout', { schema: z.unknown() });
}
