// Login, logout and the signed-in user's profile.
import { randomBytes } from 'node:crypto';
import type { LoginRequest, User } from '@liftwacht/contracts/auth';
import { localeSchema } from '@liftwacht/contracts/auth';
import type { Config } from '../../config.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Principal, SessionsRepository } from '../../plugins/auth-sessions.repository.ts';
import type { TokenSigner } from '../../plugins/auth-tokens.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';

export interface LoginResult {
  accessToken: string;
  expiresIn: number;
}

export class AuthService {
  private readonly byUsername: RateLimiter;
  private readonly byIp: RateLimiter;
  // Unknown usernames still pay for one argon2 verification, so timing does not tell which exist.
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokenSigner,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'accessTokenTtlSeconds' | 'loginRateLimit'>,
  ) {
    const { perUsername, perIp, windowSeconds } = config.loginRateLimit;
    const now = () => clock.now().getTime();
    this.byUsername = new RateLimiter(perUsername, windowSeconds * 1000, now);
    this.byIp = new RateLimiter(perIp, windowSeconds * 1000, now);
    this.dummyHash = hashPassword(randomBytes(16).toString('hex'));
  }

  async login(credentials: LoginRequest, ip: string): Promise<LoginResult> {
    const usernameKey = credentials.username.toLowerCase();
    for (const check of [this.byUsername.check(usernameKey), this.byIp.check(ip)]) {
      if (!check.allowed) {
        throw new AppError(429, 'rate_limited', 'Too many login attempts; try again later', undefined, {
          'retry-after': String(check.retryAfterSeconds),
        });
      }
    }
    // Every attempt counts against the address; only failures count against the username, so a
    // user who logs in often from many tabs is not locked out.
    this.byIp.hit(ip);

    const user = await this.repository.findUserByUsername(credentials.username);
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), credentials.password);
    if (!user || !valid || user.disabled) {
      this.byUsername.hit(usernameKey);
      throw unauthorized('invalid_credentials', 'Login failed, check username and password');
    }
    this.byUsername.reset(usernameKey);

    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.accessTokenTtlSeconds * 1000);
    const sessionId = randomBytes(18).toString('base64url');
    await this.sessions.create(sessionId, user.id, expiresAt, now);
    const accessToken = await this.tokens.sign({ userId: user.id, sessionId }, expiresAt, now);
    return { accessToken, expiresIn: this.config.accessTokenTtlSeconds };
  }

  async logout(principal: Principal): Promise<void> {
    await this.sessions.revoke(principal.sessionId, this.clock.now());
  }

  async profile(principal: Principal): Promise<User> {
    const user = await this.repository.findUserById(principal.userId);
    if (!user) throw unauthorized('session_revoked', 'The user no longer exists');
    const locale = localeSchema.safeParse(user.locale);
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      organisation_id: user.organisationId,
      locale: locale.success ? locale.data : 'nl',
      roles: principal.roles.map((name) => ({ name })),
    };
  }
}
