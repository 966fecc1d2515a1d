import { okResponseSchema } from '@liftwacht/contracts/auth';
import { type ChangePassword } from '@liftwacht/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A new password for the signed-in user: 400 `wrong_password` (field currentPassword) when the
 * current one is wrong. The user's other sessions end; this one stays.
 */
export async function changePassword(change: ChangePassword): Promise<void> {
  await apiRequest('POST', '/user/password', { schema: okResponseSchema, body: change });
}
