// Password reset: a 256-bit single-use token, stored hashed, valid 30 minutes, mailed as a link.
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { normaliseIdentifier } from '../../lib/identifiers.ts';
import type { RateLimit, RateLimits } from '../../lib/rate-limits.ts';
import { catalogue, interpolate, languageOf } from '../../lib/server-i18n.ts';
import type { SessionsRepository } from '../../plugins/auth-sessions.repository.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { SessionEnds } from '../../lib/session-ends.ts';
import type { AuditWriter } from './accounts.ts';
import type { AuthRepository } from './auth.repository.ts';
import { LoginThrottle } from './login-throttle.ts';
import { hashPassword } from './password.ts';

export const resetTokenLifetimeMs = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class PasswordResetService {
  private readonly perAddress: RateLimit;
  private readonly perEmail: RateLimit;
  private readonly loginThrottle: LoginThrottle;

  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionsRepository,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'publicUrl' | 'passwordResetRateLimit' | 'loginRateLimit'>,
    rateLimits: RateLimits,
    private readonly sessionEnds: SessionEnds,
  ) {
    const { perIp, perEmail, windowSeconds } = config.passwordResetRateLimit;
    this.perAddress = rateLimits.limit('reset-address', { limit: perIp, windowSeconds });
    this.perEmail = rateLimits.limit('reset-email', { limit: perEmail, windowSeconds });
    this.loginThrottle = new LoginThrottle(rateLimits, config.loginRateLimit);
  }

  /**
   * Before a request is answered: 429 when the address asked too often. Safe to tell, since it does
   * not depend on the email asked for; it stops one address from mailing many people.
   */
  async admitRequest(ip: string): Promise<void> {
    const address = await this.perAddress.consume(ip);
    if (!address.allowed) {
      throw new AppError(429, 'rate_limited', 'Too many password reset requests; try again later', undefined, {
        'retry-after': String(address.retryAfterSeconds),
      });
    }
  }

  /**
   * Issues a reset link when the address belongs to an active user and was not asked for too often;
   * does nothing otherwise. The route answers before this runs, so the response never tells whether
   * the address is known or over its limit (which stops anyone filling one mailbox with links).
   */
  async request(email: string): Promise<void> {
    if (!(await this.perEmail.consume(normaliseIdentifier(email.trim()))).allowed) return;
    const user = await this.repository.findUserByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.repository.insertResetToken(
      user.id,
      hashToken(token),
      now,
      new Date(now.getTime() + resetTokenLifetimeMs),
    );
    const texts = catalogue(languageOf(user.locale)).auth.passwordReset;
    const link = `${this.config.publicUrl}/password-reset/${token}`;
    await this.mailer.send({
      to: user.email,
      subject: texts.subject,
      text: interpolate(texts.body, { name: user.name, username: user.username, link }),
    });
  }

  /**
   * Sets the password (a reset, or an invitation's first password), audited in the same
   * transaction; the user's logins are no longer slowed, and `ip` may log in at once.
   */
  async reset(token: string, password: string, ip: string, audit: AuditWriter): Promise<void> {
    const row = await this.repository.findResetToken(hashToken(token));
    if (!row) throw badRequest('reset_token_invalid', 'This password reset link is not valid', 'token');
    if (row.usedAt) throw badRequest('reset_token_used', 'This password reset link has already been used', 'token');
    const now = this.clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw badRequest('reset_token_expired', 'This password reset link has expired; request a new one', 'token');
    }
    const passwordHash = await hashPassword(password);
    const user = await this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      if (!(await this.repository.claimResetToken(db, row.id, now))) {
        // Gone since it was read: an email change deleted it meanwhile, so it answers as unknown.
        if (!(await this.repository.resetTokenExists(db, row.id))) {
          throw badRequest('reset_token_invalid', 'This password reset link is not valid', 'token');
        }
        throw badRequest('reset_token_used', 'This password reset link has already been used', 'token');
      }
      const locked = await this.repository.lockUser(db, row.userId);
      await this.repository.setPasswordHash(db, row.userId, passwordHash, now);
      await this.repository.retireResetTokens(db, row.userId, now);
      await this.sessions.revokeAllForUser(row.userId, now, db);
      await audit(db, {
        organisationId: locked?.organisationId ?? null,
        action: 'user.password_set',
        subjectType: 'user',
        subjectId: row.userId,
        // Never the password: only that it was set, and how.
        before: null,
        after: { via: row.purpose === 'invitation' ? 'invitation link' : 'reset link' },
      });
      return locked;
    });
    // After the commit: every open socket of the user closes, on every node.
    this.sessionEnds.announce({ kind: 'user', userId: row.userId });
    if (user) await this.loginThrottle.lift(user.username, ip);
  }
}
