import { z } from 'zod';
import type { PasswordReset } from '@liftwacht/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets a new password with the token from the reset mail; any 2xx (200 or 201) is success. */
export async function resetPassword(body: PasswordReset): Promise<void> {
  await apiRequest('POST', '/password-reset', { schema: z.unknown(), body, authenticated: false });
}
