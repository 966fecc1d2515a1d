// Access tokens are HS256 JWTs naming a server-side session (sid); the session row decides whether
// the token still counts, so logout and password reset revoke it before it expires.
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

const issuer = 'liftwacht';
const audience = 'liftwacht-api';

/** Verified tokens kept, each with its expiry: a signature check costs more than the request's other work. */
const maxVerifiedTokens = 20_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtSeconds: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date, now: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string, now: Date): Promise<VerifyResult> {
    // A token is the signed text itself: the same text verifies the same way, except for the time.
    const kept = this.verified.get(token);
    if (kept) {
      return Math.floor(now.getTime() / 1000) < kept.expiresAtSeconds
        ? { ok: true, claims: kept.claims }
        : { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer,
        audience,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
      const claims = { userId, sessionId: payload.sid };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= maxVerifiedTokens) this.verified.clear();
        this.verified.set(token, { claims, expiresAtSeconds: payload.exp });
      }
      return { ok: true, claims };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
