// Unsigned JWT-shaped tokens for tests: the client only reads `exp`, the server side is a fake.
const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.sig`;
}

/** A token expiring `seconds` from `nowMs`. */
export const tokenExpiringIn = (seconds: number, nowMs = Date.now(), extra: Record<string, unknown> = {}) =>
  fakeJwt({ exp: Math.floor(nowMs / 1000) + seconds, ...extra });
