// Password reset: a 256-bit single-use token, stored hashed, valid 30 minutes, mailed as a link.
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { catalogue, interpolate, languageOf } from '../../lib/server-i18n.ts';
import type { SessionsRepository } from '../../plugins/auth-sessions.repository.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword } from './password.ts';

export const resetTokenLifetimeMs = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class PasswordResetService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionsRepository,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {}

  /**
   * Issues a reset link when the address belongs to an active user; does nothing otherwise. The
   * route answers before this runs, so the response never tells whether the address is known.
   */
  async request(email: string): Promise<void> {
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

  async reset(token: string, password: string): Promise<void> {
    const row = await this.repository.findResetToken(hashToken(token));
    if (!row) throw badRequest('reset_token_invalid', 'This password reset link is not valid', 'token');
    if (row.usedAt) throw badRequest('reset_token_used', 'This password reset link has already been used', 'token');
    const now = this.clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw badRequest('reset_token_expired', 'This password reset link has expired; request a new one', 'token');
    }
    const passwordHash = await hashPassword(password);
    await this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      if (!(await this.repository.claimResetToken(db, row.id, now))) {
        throw badRequest('reset_token_used', 'This password reset link has already been used', 'token');
      }
      await this.repository.updatePasswordHash(db, row.userId, passwordHash);
      await this.repository.retireResetTokens(db, row.userId, now);
      await this.sessions.revokeAllForUser(row.userId, now, db);
    });
  }
}
