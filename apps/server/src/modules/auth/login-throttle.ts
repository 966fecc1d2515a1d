// Login abuse limits (docs/authentication.md). Hard limits apply only to what an attacker controls
// itself: all attempts from one address, and failures for one username from one address. Failures
// for a username from anywhere only slow its logins down, capped, so a stranger who knows a username
// cannot lock its user out.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { normaliseIdentifier } from '../../lib/identifiers.ts';
import type { RateLimit, RateLimits } from '../../lib/rate-limits.ts';

type LoginLimits = Config['loginRateLimit'];

/** The first slowed attempt waits this long; every further failure doubles it, up to the cap. */
export const slowdownBaseMs = 250;

/** How long an attempt on a username with this many recent failures waits before its password is checked. */
export function loginDelayMs(
  failures: number,
  limits: Pick<LoginLimits, 'slowdownAfterFailures' | 'slowdownMaxMs'>,
): number {
  const over = failures - limits.slowdownAfterFailures;
  if (over < 0) return 0;
  return Math.min(limits.slowdownMaxMs, slowdownBaseMs * 2 ** over);
}

const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many login attempts; try again later', undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export class LoginThrottle {
  private readonly perAddress: RateLimit;
  private readonly perPair: RateLimit;
  private readonly usernameFailures: RateLimit;

  constructor(
    rateLimits: RateLimits,
    private readonly limits: LoginLimits,
  ) {
    const windowSeconds = limits.windowSeconds;
    this.perAddress = rateLimits.limit('login-address', { limit: limits.perIp, windowSeconds });
    this.perPair = rateLimits.limit('login-pair', { limit: limits.perUsername, windowSeconds });
    // Never refuses: its count only sets the delay.
    this.usernameFailures = rateLimits.limit('login-username', { limit: Number.MAX_SAFE_INTEGER, windowSeconds });
  }

  /**
   * Before the password is checked: 429 when the address or this (username, address) pair is over
   * its limit, otherwise waits out the username's slowdown. The pair is counted now and forgotten
   * on success, so parallel guesses cannot all slip in before the first failure is recorded.
   */
  async admit(username: string, ip: string): Promise<void> {
    const address = await this.perAddress.consume(ip);
    if (!address.allowed) throw rateLimited(address.retryAfterSeconds);
    const pair = await this.perPair.consume(pairKey(username, ip));
    if (!pair.allowed) throw rateLimited(pair.retryAfterSeconds);
    const delay = loginDelayMs(await this.usernameFailures.count(usernameKey(username)), this.limits);
    if (delay > 0) await sleep(delay);
  }

  /** A wrong password, an unknown username or a disabled user: one more failure for the username. */
  async failed(username: string): Promise<void> {
    await this.usernameFailures.consume(usernameKey(username));
  }

  /**
   * The user proved who they are (a good password from this address, or a password reset): the
   * username is no longer slowed and this address may try again at once.
   */
  async lift(username: string, ip: string): Promise<void> {
    await Promise.all([this.perPair.reset(pairKey(username, ip)), this.usernameFailures.reset(usernameKey(username))]);
  }
}

// The same normalised value the login lookup compares, so every spelling of one name shares a counter.
const usernameKey = (username: string) => normaliseIdentifier(username);
// An address never contains '/', so the pair key is unambiguous whatever the username holds.
const pairKey = (username: string, ip: string) => `${ip}/${usernameKey(username)}`;
