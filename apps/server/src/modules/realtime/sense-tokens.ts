// Lift access tokens for the realtime socket: HS256 JWTs like the API's, but for another audience
// and naming one lift and its module, so a socket holding one can listen to that module only. They
// carry the session (sid) too: logging out stops new connections with them.
import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';

export interface SenseTokenClaims {
  userId: number;
  sessionId: string;
  liftId: number;
  esNumber: string;
}

export type SenseVerifyResult =
  { ok: true; claims: SenseTokenClaims; expiresAt: Date } | { ok: false; reason: 'expired' | 'invalid' };

const issuer = 'liftwacht';
export const senseAudience = 'liftwacht-sense';

/** The audience a token claims, read without verifying it, to pick the verifier. */
export function tokenAudience(token: string): string | null {
  try {
    const aud = decodeJwt(token).aud;
    return typeof aud === 'string' ? aud : null;
  } catch {
    return null;
  }
}

export class SenseTokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SenseTokenClaims, expiresAt: Date, now: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, lift: claims.liftId, es: claims.esNumber })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(issuer)
      .setAudience(senseAudience)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string, now: Date): Promise<SenseVerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer,
        audience: senseAudience,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const userId = Number(payload.sub);
      const { sid, lift, es, exp } = payload as { sid?: unknown; lift?: unknown; es?: unknown; exp?: number };
      if (
        !Number.isInteger(userId) ||
        typeof sid !== 'string' ||
        typeof lift !== 'number' ||
        typeof es !== 'string' ||
        exp === undefined
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return {
        ok: true,
        claims: { userId, sessionId: sid, liftId: lift, esNumber: es },
        expiresAt: new Date(exp * 1000),
      };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
