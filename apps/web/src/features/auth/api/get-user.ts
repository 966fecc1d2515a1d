import { userResponseSchema, type User } from '@liftwacht/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getUser(signal?: AbortSignal): Promise<User> {
  const response = await apiRequest('GET', '/user', { schema: userResponseSchema, signal });
  return response.data;
}
