import { userResponseSchema, type User } from '@liftwacht/contracts/auth';
import { type UpdateProfile } from '@liftwacht/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

/** Saves the signed-in user's own name, email and language; answers the profile as it now is. */
export async function updateProfile(change: UpdateProfile): Promise<User> {
  const response = await apiRequest('PATCH', '/user', { schema: userResponseSchema, body: change });
  return response.data;
}
