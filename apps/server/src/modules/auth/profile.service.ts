// Self-service in the profile dialog: the signed-in user's own name, email and language, and a new
// password (the current one required). Both are audited; a new password ends every other session,
// a new email address retires every open reset link.
import type { User } from '@liftwacht/contracts/auth';
import type { ChangePassword, UpdateProfile } from '@liftwacht/contracts/account';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, unauthorized } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimit, RateLimits } from '../../lib/rate-limits.ts';
import type { SessionEnds } from '../../lib/session-ends.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { localeOf, userOf, type AuditWriter } from './accounts.ts';
import type { AuthRepository } from './auth.repository.ts';
import { identifierTaken, violatedIdentifier } from '../../lib/identifiers-sql.ts';
import { hashPassword, verifyPassword } from './password.ts';

export class ProfileService {
  private readonly currentPasswordChecks: RateLimit;

  constructor(
    private readonly repository: AuthRepository,
    private readonly clock: Clock,
    config: Pick<Config, 'loginRateLimit'>,
    rateLimits: RateLimits,
    private readonly sessionEnds: SessionEnds,
  ) {
    // Whoever holds a session (a borrowed laptop, a stolen token) must not be able to find the
    // password by trying: as many attempts per user as a login gets per username and address.
    const { perUsername, windowSeconds } = config.loginRateLimit;
    this.currentPasswordChecks = rateLimits.limit('password-change', { limit: perUsername, windowSeconds });
  }

  async update(principal: Principal, patch: UpdateProfile, audit: AuditWriter): Promise<User> {
    const now = this.clock.now();
    const row = await this.repository.db
      .transaction(async (tx) => {
        const db = tx as unknown as Db;
        const current = await this.repository.lockUser(db, principal.userId);
        if (!current) throw unauthorized('session_revoked', 'The user no longer exists');
        const before = { name: current.name, email: current.email, locale: localeOf(current.locale) };
        const after = {
          name: patch.name ?? before.name,
          email: patch.email ?? before.email,
          locale: patch.locale ?? before.locale,
        };
        if (after.name === before.name && after.email === before.email && after.locale === before.locale) {
          return current;
        }
        // One address, one person: a reset link must reach exactly one user.
        if (after.email !== before.email && (await this.repository.emailTaken(db, after.email, current.id))) {
          throw identifierTaken('email');
        }
        await this.repository.updateProfile(db, current.id, after, now);
        // A reset link mailed to the old address must not work once the address changed.
        const retiredLinks =
          after.email === before.email ? undefined : await this.repository.deleteOpenLinks(db, current.id);
        await audit(db, {
          organisationId: current.organisationId,
          action: 'user.profile_updated',
          subjectType: 'user',
          subjectId: current.id,
          before,
          after: retiredLinks === undefined ? after : { ...after, retiredLinks },
        });
        return { ...current, ...after };
      })
      .catch((err: unknown) => {
        // Two people taking one address at once: its unique index refuses the second.
        if (violatedIdentifier(err) === 'email') throw identifierTaken('email');
        throw err;
      });
    return userOf(row, principal.roles, principal.organisationType);
  }

  /**
   * 400 `wrong_password` (field currentPassword) when the current password is wrong; 429 after too
   * many wrong ones. The session making the change stays; the user's other sessions end, and their
   * sockets close on every node.
   */
  async changePassword(principal: Principal, body: ChangePassword, audit: AuditWriter): Promise<void> {
    const key = String(principal.userId);
    const attempt = await this.currentPasswordChecks.consume(key);
    if (!attempt.allowed) {
      throw new AppError(429, 'rate_limited', 'Too many attempts; try again later', undefined, {
        'retry-after': String(attempt.retryAfterSeconds),
      });
    }
    const user = await this.repository.findUserById(principal.userId);
    if (!user) throw unauthorized('session_revoked', 'The user no longer exists');
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw badRequest('wrong_password', 'The current password is not correct', 'currentPassword');
    }
    await this.currentPasswordChecks.reset(key);

    const passwordHash = await hashPassword(body.newPassword);
    const now = this.clock.now();
    const ended = await this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.repository.setPasswordHash(db, user.id, passwordHash, now);
      // A reset link mailed before now would undo the change.
      await this.repository.retireResetTokens(db, user.id, now);
      const revoked = await this.repository.revokeSessions(db, user.id, now, principal.sessionId);
      await audit(db, {
        organisationId: user.organisationId,
        action: 'user.password_changed',
        subjectType: 'user',
        subjectId: user.id,
        before: null,
        after: { otherSessionsEnded: revoked.length },
      });
      return revoked;
    });
    // After the commit, one by one: announcing the user would close this session's sockets too.
    for (const sessionId of ended) this.sessionEnds.announce({ kind: 'session', sessionId });
  }
}
