// The access token a lift socket connects with: the stored one while it is good for this lift,
// else one new request per lift however many callers ask at once (spec §4, §9).
import { requestSenseToken } from '../api/request-sense-token.ts';
import { reusableToken, writeSocketAccess } from './socket-access-store.ts';
import { singleFlight } from './single-flight.ts';

export type TokenRequester = (liftId: number) => Promise<{ accessToken: string }>;

export function createLiftTokenSource(request: TokenRequester = requestSenseToken, now: () => number = Date.now) {
  const fetchOnce = singleFlight(async (liftId: number) => {
    const { accessToken } = await request(liftId);
    writeSocketAccess({ token: accessToken, liftId });
    return accessToken;
  });
  return (liftId: number): Promise<string> => {
    const stored = reusableToken(liftId, now());
    return stored === null ? fetchOnce(liftId) : Promise.resolve(stored);
  };
}

export const liftAccessToken = createLiftTokenSource();
