// Login, logout and the signed-in user's profile.
import { randomBytes } from 'node:crypto';
import type { LoginRequest, User } from '@liftwacht/contracts/auth';
import type { Config } from '../../config.ts';
import { unauthorized } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { Principal, SessionsRepository, SessionUser } from '../../plugins/auth-sessions.repository.ts';
import type { TokenSigner } from '../../plugins/auth-tokens.ts';
import type { SessionEnds } from '../../lib/session-ends.ts';
import { userOf } from './accounts.ts';
import type { AuthRepository } from './auth.repository.ts';
import { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';

export interface LoginResult {
  accessToken: string;
  expiresIn: number;
}

export class AuthService {
  private readonly throttle: LoginThrottle;
  // Unknown usernames still pay for one argon2 verification, so timing does not tell which exist.
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokenSigner,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'accessTokenTtlSeconds' | 'loginRateLimit'>,
    rateLimits: RateLimits,
    private readonly sessionEnds: SessionEnds,
  ) {
    this.throttle = new LoginThrottle(rateLimits, config.loginRateLimit);
    this.dummyHash = hashPassword(randomBytes(16).toString('hex'));
  }

  async login(credentials: LoginRequest, ip: string): Promise<LoginResult> {
    // Known and unknown usernames pass the same limits and delays, so neither tells which exist.
    await this.throttle.admit(credentials.username, ip);

    const user = await this.repository.findUserByUsername(credentials.username);
    // An invited user (no password yet) is checked against the dummy hash and a disabled one after
    // the same work: both answer exactly like a wrong password, in the same time.
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), credentials.password);
    if (!user || !valid || user.disabled) {
      await this.throttle.failed(credentials.username);
      throw unauthorized('invalid_credentials', 'Login failed, check username and password');
    }
    await this.throttle.lift(credentials.username, ip);

    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.accessTokenTtlSeconds * 1000);
    const sessionId = randomBytes(18).toString('base64url');
    await this.sessions.create(sessionId, user.id, expiresAt, now);
    const accessToken = await this.tokens.sign({ userId: user.id, sessionId }, expiresAt, now);
    return { accessToken, expiresIn: this.config.accessTokenTtlSeconds };
  }

  async logout(principal: Principal): Promise<void> {
    await this.sessions.revoke(principal.sessionId, this.clock.now());
    // Sockets opened with this session (dashboards, lift pages) close too, on every node.
    this.sessionEnds.announce({ kind: 'session', sessionId: principal.sessionId });
  }

  /** GET /user: what the session's lookup (kept per node by the auth plugin) already holds. */
  profile(user: SessionUser): User {
    return userOf({ ...user, id: user.userId }, user.roles, user.organisationType);
  }
}
