// Who may use the realtime socket for what. A lift access token (from POST /auth/sense-liftwacht)
// lets a socket listen to that lift's module; the user's own access token lets it follow the
// organisations the user may see. Every answer is checked here, the socket layer only relays.
import type { RoleName } from '@liftwacht/contracts/auth';
import { hasPermission, seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type {
  ModuleStatus,
  SenseTokenRequest,
  SenseTokenResponse,
  SocketErrorCode,
} from '@liftwacht/contracts/realtime';
import { senseSilenceMs } from '@liftwacht/contracts/ingest';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal, SessionsRepository } from '../../plugins/auth-sessions.repository.ts';
import type { TokenSigner } from '../../plugins/auth-tokens.ts';
import type { RealtimeRepository } from './realtime.repository.ts';
import { senseAudience, tokenAudience, type SenseTokenSigner } from './sense-tokens.ts';

/** What a connected socket is allowed, decided once at the handshake. */
export type SocketIdentity =
  | {
      kind: 'lift';
      userId: number;
      sessionId: string;
      /** The user's organisation, and the lift's: a revoked grant between them closes the socket. */
      organisationId: number;
      liftOrganisationId: number;
      /** The user's roles: system-admin sees every organisation. */
      roles: RoleName[];
      liftId: number;
      esNumber: string;
      expiresAt: Date;
    }
  | { kind: 'user'; principal: Principal; expiresAt: Date };

/** A refusal the socket layer sends back as `{ error: { code, message } }` (or a connect_error). */
export class SocketRefusal extends Error {
  constructor(
    readonly code: SocketErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SocketRefusal';
  }
}

export interface RealtimeSettings {
  senseTokenTtlSeconds: number;
  allowedOrigins: readonly string[];
}

export class RealtimeService {
  constructor(
    private readonly repository: RealtimeRepository,
    private readonly senseTokens: SenseTokenSigner,
    private readonly apiTokens: TokenSigner,
    private readonly sessions: SessionsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
    private readonly settings: RealtimeSettings,
  ) {}

  /** A lift access token for a lift the user may see and that has a module; 404 otherwise. */
  async issueSenseToken(principal: Principal, request: SenseTokenRequest): Promise<SenseTokenResponse['data']> {
    const liftId = Number(request.identifier.slice('liftwacht-'.length));
    const lift = await this.repository.liftModule(liftId);
    if (!lift || !(await this.access.canAccess(principal, lift.organisationId))) throw notFound('Lift');
    if (lift.esNumber === null) throw notFound('Sense module of the lift');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.settings.senseTokenTtlSeconds * 1000);
    const accessToken = await this.senseTokens.sign(
      { userId: principal.userId, sessionId: principal.sessionId, liftId, esNumber: lift.esNumber },
      expiresAt,
      now,
    );
    return { accessToken, expiresAt: expiresAt.toISOString(), liftId, es_number: lift.esNumber };
  }

  /**
   * Browsers send Origin; a page on another site must not use the socket. Clients that are not
   * browsers send none, and need a token all the same.
   */
  checkOrigin(origin: string | undefined): void {
    if (origin === undefined) return;
    const allowed = this.settings.allowedOrigins;
    if (allowed.includes('*') || allowed.includes(origin)) return;
    throw new SocketRefusal('forbidden', `Origin ${origin.slice(0, 100)} may not use this socket`);
  }

  async authenticate(token: unknown): Promise<SocketIdentity> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
      throw new SocketRefusal('unauthorized', 'Connect with ?token= holding an access token');
    }
    const now = this.clock.now();
    if (tokenAudience(token) === senseAudience) {
      const verified = await this.senseTokens.verify(token, now);
      if (!verified.ok) throw refusalFor(verified.reason);
      const { claims } = verified;
      const principal = await this.sessions.findPrincipal(claims.sessionId, claims.userId, now);
      if (!principal) throw new SocketRefusal('session_revoked', 'The session has ended; log in again');
      // The token outlives a revoked grant by minutes: the lift must still be in the user's scope.
      const lift = await this.repository.liftModule(claims.liftId);
      if (!lift || !(await this.access.canAccess(principal, lift.organisationId))) {
        throw new SocketRefusal('not_found', 'Lift not found');
      }
      return {
        kind: 'lift',
        ...claims,
        organisationId: principal.organisationId,
        liftOrganisationId: lift.organisationId,
        roles: principal.roles,
        expiresAt: verified.expiresAt,
      };
    }
    const verified = await this.apiTokens.verify(token, now);
    if (!verified.ok) throw refusalFor(verified.reason);
    const principal = await this.sessions.findPrincipal(verified.claims.sessionId, verified.claims.userId, now);
    if (!principal) throw new SocketRefusal('session_revoked', 'The session has ended; log in again');
    // The API token's expiry is its session's concern; the socket trusts it while the session lives.
    return { kind: 'user', principal, expiresAt: new Date(8.64e15) };
  }

  /**
   * The sockets (by id) whose right has gone since their handshake without anyone announcing it (a
   * session that expired, a user disabled or a grant removed straight in the database), and the
   * organisations each dashboard socket may no longer follow.
   */
  async sweep(
    sockets: readonly { id: string; identity: SocketIdentity; following: readonly number[] }[],
  ): Promise<{ close: string[]; unfollow: { id: string; organisationId: number }[] }> {
    const now = this.clock.now();
    const sessionOf = (identity: SocketIdentity) =>
      identity.kind === 'lift' ? identity.sessionId : identity.principal.sessionId;
    const live = await this.sessions.liveSessionIds([...new Set(sockets.map((s) => sessionOf(s.identity)))], now);
    const scopes = new Map<string, Promise<number[]>>();
    const scopeOf = (organisationId: number, roles: readonly RoleName[]) => {
      const key = `${String(organisationId)}:${String(seesEveryOrganisation(roles))}`;
      let scope = scopes.get(key);
      if (!scope) {
        scope = this.access.scopeOf(organisationId, roles);
        scopes.set(key, scope);
      }
      return scope;
    };
    const close: string[] = [];
    const unfollow: { id: string; organisationId: number }[] = [];
    for (const { id, identity, following } of sockets) {
      if (!live.has(sessionOf(identity))) {
        close.push(id);
      } else if (identity.kind === 'lift') {
        if (!(await scopeOf(identity.organisationId, identity.roles)).includes(identity.liftOrganisationId)) {
          close.push(id);
        }
      } else {
        const scope = await scopeOf(identity.principal.organisationId, identity.principal.roles);
        for (const organisationId of following) {
          if (!scope.includes(organisationId)) unfollow.push({ id, organisationId });
        }
      }
    }
    return { close, unfollow };
  }

  /** Throws unless this socket may listen to (or read) the module. */
  assertModule(identity: SocketIdentity, esNumber: string): Extract<SocketIdentity, { kind: 'lift' }> {
    if (identity.kind !== 'lift') {
      throw new SocketRefusal(
        'forbidden',
        'Modules need a lift access token from POST /liftwacht/auth/sense-liftwacht',
      );
    }
    if (this.clock.now() >= identity.expiresAt) {
      throw new SocketRefusal('token_expired', 'The lift access token has expired; reconnect with a new one');
    }
    if (identity.esNumber !== esNumber) {
      throw new SocketRefusal('forbidden', 'The lift access token does not cover this module');
    }
    return identity;
  }

  async sensorData(identity: SocketIdentity, esNumber: string) {
    const lift = this.assertModule(identity, esNumber);
    if (!(await this.repository.moduleOfLift(esNumber, lift.liftId))) throw gone();
    const values: Record<string, { value: string | number | boolean | null | string[]; at: string }> = {};
    for (const row of await this.repository.senseData(lift.liftId)) {
      values[row.key] = { value: row.value as string | number | boolean | null | string[], at: row.at.toISOString() };
    }
    return { es_number: esNumber, values };
  }

  async moduleStatus(identity: SocketIdentity, esNumber: string): Promise<ModuleStatus> {
    const lift = this.assertModule(identity, esNumber);
    const module = await this.repository.moduleOfLift(esNumber, lift.liftId);
    if (!module) throw gone();
    const now = this.clock.now();
    const openEvents = await this.repository.openEvents(lift.liftId, now);
    return {
      es_number: esNumber,
      liftId: lift.liftId,
      firmware: module.firmware,
      connected: module.lastSeenAt !== null && now.getTime() - module.lastSeenAt.getTime() <= senseSilenceMs,
      lastSeenAt: module.lastSeenAt?.toISOString() ?? null,
      openEvents: openEvents.map((e) => ({ ...e, startedAt: e.startedAt.toISOString() })),
    };
  }

  /** The dashboards' channel: the user's own token, a role that sees current figures, an organisation in scope. */
  async assertOrganisation(identity: SocketIdentity, organisationId: number): Promise<void> {
    if (identity.kind !== 'user') {
      throw new SocketRefusal('forbidden', 'Organisations need the user access token, not a lift access token');
    }
    const { principal } = identity;
    const { roles, organisationType } = principal;
    if (
      !hasPermission(roles, 'dashboard.view', organisationType) &&
      !hasPermission(roles, 'calls.current', organisationType)
    ) {
      throw new SocketRefusal('forbidden', 'Your role does not allow this');
    }
    if (!(await this.access.canAccess(principal, organisationId))) {
      throw new SocketRefusal('not_found', 'Organisation not found');
    }
  }
}

function refusalFor(reason: 'expired' | 'invalid'): SocketRefusal {
  return reason === 'expired'
    ? new SocketRefusal('token_expired', 'The access token has expired; get a new one')
    : new SocketRefusal('unauthorized', 'The access token is invalid');
}

function gone(): SocketRefusal {
  return new SocketRefusal('not_found', 'The module no longer belongs to this lift');
}
