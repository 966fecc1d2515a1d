// Invitations: a 256-bit single-use link, stored as its SHA-256 like a password reset link, valid
// 7 days, mailed in the invitee's language. POST /liftwacht/password-reset with the token sets the
// first password; that call checks the expiry and retires the user's other open links.
import { createHash, randomBytes } from 'node:crypto';
import type { AdminUser } from '@liftwacht/contracts/administration';
import type { Db } from '../../db/database.ts';
import { catalogue, interpolate, languageOf } from '../../lib/server-i18n.ts';
import type { Mail } from '../../plugins/mail.ts';
import type { InvitationTokensRepository } from './invitation-tokens.repository.ts';

export const invitationLifetimeMs = 7 * 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class Invitations {
  constructor(
    private readonly tokens: InvitationTokensRepository,
    private readonly publicUrl: string,
  ) {}

  /**
   * Retires the user's open invitation links and stores a new one on `db` (the change's
   * transaction); returns the plain token, which exists nowhere else but in the mail.
   */
  async issue(db: Db, userId: number, now: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.retire(db, userId, now);
    await this.tokens.insert(db, userId, hashToken(token), now, new Date(now.getTime() + invitationLifetimeMs));
    return token;
  }

  retire(db: Db, userId: number, now: Date): Promise<void> {
    return this.tokens.retire(db, userId, now);
  }

  /**
   * After an email change: every unused invitation and reset link of the user stops working, in
   * the change's transaction, and answers like a link that never existed; returns how many.
   */
  retireAllLinks(db: Db, userId: number): Promise<number> {
    return this.tokens.deleteOpen(db, userId);
  }

  /** The invitation mail for the user, in the user's language. */
  mail(user: AdminUser, token: string): Mail {
    const texts = catalogue(languageOf(user.locale)).administration.invitation;
    const link = `${this.publicUrl}/password-reset/${token}`;
    return {
      to: user.email,
      subject: texts.subject,
      text: interpolate(texts.body, {
        name: user.name,
        username: user.username,
        organisation: user.organisationName,
        link,
      }),
    };
  }
}
