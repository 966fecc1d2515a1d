import { okResponseSchema } from '@liftwacht/contracts/auth';
import { type SetupRequest } from '@liftwacht/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Creates the platform organisation and its first administrator with the setup token from the
 * server's start-up output: 400 `setup_token_invalid` (field token) or `validation_failed` with the
 * field, 404 once setup is done.
 */
export async function completeSetup(request: SetupRequest): Promise<void> {
  await apiRequest('POST', '/setup', { schema: okResponseSchema, body: request, authenticated: false });
}
