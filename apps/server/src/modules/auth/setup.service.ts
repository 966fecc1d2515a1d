// First run without the demo: on a database without users the server issues a one-time setup token
// (only its hash is stored) and prints it once; POST /setup with it creates the platform
// organisation and its first administrator (system-admin). Once any user exists setup is gone.
import { createHash, randomBytes } from 'node:crypto';
import type { SetupRequest } from '@liftwacht/contracts/account';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { normaliseIdentifier } from '../../lib/identifiers.ts';
import type { RateLimit, RateLimits } from '../../lib/rate-limits.ts';
import { auditedUser, platformOrganisationType, type AuditWriter } from './accounts.ts';
import { AuthRepository } from './auth.repository.ts';
import { hashPassword } from './password.ts';
import { SetupRepository, type TokenIssue } from './setup.repository.ts';

export type FirstRunState =
  /** Some user exists: nothing to set up. */
  | { kind: 'not-required' }
  /** This call issued the token; it is shown now and never again. */
  | { kind: 'token-issued'; token: string }
  /** A token was issued before (by another node, or an earlier start of this one). */
  | { kind: 'pending'; issue: TokenIssue | null };

export const hashSetupToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 192 random bits in base64url (32 characters): unguessable, and easy to copy from a log. */
export const generateSetupToken = () => randomBytes(24).toString('base64url');

/**
 * At start: on a database without users, issues the setup token unless another node (or an earlier
 * start) did. The caller shows a token it gets back once, and never stores it.
 */
export async function prepareFirstRun(db: Db, now: Date, issuedBy: string): Promise<FirstRunState> {
  const users = new AuthRepository(db);
  const setup = new SetupRepository(db);
  if (await users.anyUserExists()) {
    // A user created another way (the command line) leaves no usable token behind.
    await setup.dropToken();
    return { kind: 'not-required' };
  }
  const token = generateSetupToken();
  if (await setup.insertTokenIfAbsent(hashSetupToken(token), { at: now.toISOString(), by: issuedBy })) {
    return { kind: 'token-issued', token };
  }
  return { kind: 'pending', issue: await setup.tokenIssue() };
}

export class SetupService {
  private readonly perAddress: RateLimit;

  constructor(
    private readonly repository: AuthRepository,
    private readonly setup: SetupRepository,
    private readonly clock: Clock,
    config: Pick<Config, 'loginRateLimit'>,
    rateLimits: RateLimits,
  ) {
    // As many tries per address as a login gets per username: a token cannot be guessed anyway,
    // the limit keeps anyone from trying.
    const { perUsername, windowSeconds } = config.loginRateLimit;
    this.perAddress = rateLimits.limit('setup-address', { limit: perUsername, windowSeconds });
  }

  async required(): Promise<boolean> {
    return !(await this.repository.anyUserExists());
  }

  /**
   * Creates the platform organisation and its first administrator. 404 once any user exists (also
   * for the loser of two concurrent setups), 400 `setup_token_invalid` for a wrong token, 429 after
   * too many tries from one address.
   */
  async complete(input: SetupRequest, ip: string, audit: AuditWriter): Promise<{ userId: number }> {
    if (!(await this.required())) throw notFound('Setup');
    const attempt = await this.perAddress.consume(ip);
    if (!attempt.allowed) {
      throw new AppError(429, 'rate_limited', 'Too many setup attempts; try again later', undefined, {
        'retry-after': String(attempt.retryAfterSeconds),
      });
    }
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    const userId = await this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // The token row is the lock: of two setups with the right token, the second finds it gone.
      if (!(await this.setup.claimToken(db, hashSetupToken(input.token)))) {
        if (await this.repository.anyUserExists(db)) throw notFound('Setup');
        throw badRequest('setup_token_invalid', 'This setup token is not valid', 'token');
      }
      // Someone may have created a user another way (the command line) since the check above.
      if (await this.repository.anyUserExists(db)) throw notFound('Setup');
      const organisation = await this.repository.insertOrganisation(
        db,
        input.organisationName,
        platformOrganisationType,
        now,
      );
      const user = await this.repository.insertUser(
        db,
        {
          username: normaliseIdentifier(input.username),
          name: input.name,
          email: input.email,
          locale: input.locale,
          organisationId: organisation.id,
          passwordHash,
        },
        'system-admin',
        now,
      );
      await audit(db, {
        organisationId: organisation.id,
        action: 'setup.completed',
        subjectType: 'user',
        subjectId: user.id,
        before: null,
        after: { organisation, user: auditedUser(user, ['system-admin']) },
      });
      return user.id;
    });
    await this.perAddress.reset(ip);
    return { userId };
  }
}
