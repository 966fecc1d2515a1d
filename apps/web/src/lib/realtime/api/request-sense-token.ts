import { senseIdentifierPrefix, senseTokenResponseSchema } from '@liftwacht/contracts/realtime';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /auth/sense-liftwacht (spec §7): a short-lived token for one lift's module socket. */
export async function requestSenseToken(liftId: number) {
  const response = await apiRequest('POST', '/auth/sense-liftwacht', {
    schema: senseTokenResponseSchema,
    body: { identifier: `${senseIdentifierPrefix}${String(liftId)}`, identifierType: 'ext' },
  });
  return response.data;
}
