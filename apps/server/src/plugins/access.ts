// Authorization in one place: which organisations a principal may read, and what its roles allow.
// Every organisation-scoped query goes through organisationIds/assertOrganisation; anything outside
// the scope answers 404 so ids leak nothing.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RoleName } from '@liftwacht/contracts/auth';
import { hasPermission, seesEveryOrganisation, type Permission } from '@liftwacht/contracts/permissions';
import { forbidden, notFound } from '../lib/app-error.ts';
import { AccessRepository } from './access.repository.ts';
import type { Principal } from './auth-sessions.repository.ts';
import type { AuthStateCache } from './auth-state-cache.ts';
import { principalOf } from './auth.ts';

export class OrganisationAccess {
  constructor(
    private readonly repository: AccessRepository,
    /** Scopes are kept per node until an access grant or organisation changes (auth-state-cache.ts). */
    private readonly cache: Pick<AuthStateCache, 'get'>,
  ) {}

  /** Own organisation first, then the ones granted to it (every organisation for system-admin). */
  organisationIds(principal: Pick<Principal, 'organisationId' | 'roles'>): Promise<number[]> {
    return this.scopeOf(principal.organisationId, principal.roles);
  }

  /**
   * What a user of an organisation with these roles may read: the organisation itself first, then
   * the organisations granted to it, or every organisation for the company that runs Liftwacht.
   */
  async scopeOf(organisationId: number, roles: readonly RoleName[]): Promise<number[]> {
    const every = seesEveryOrganisation(roles);
    const scope = await this.cache.get<number[]>(
      'scope',
      `${String(organisationId)}:${every ? 'all' : 'granted'}`,
      async () => {
        const others = every
          ? await this.repository.allOrganisationIds()
          : await this.repository.grantedOrganisationIds(organisationId);
        return [organisationId, ...others.filter((id) => id !== organisationId)];
      },
    );
    // Copies: callers may sort or extend what they get.
    return [...(scope ?? [organisationId])];
  }

  async canAccess(principal: Pick<Principal, 'organisationId' | 'roles'>, organisationId: number): Promise<boolean> {
    if (organisationId === principal.organisationId) return true;
    return (await this.scopeOf(principal.organisationId, principal.roles)).includes(organisationId);
  }

  /** Throws 404 unless the principal may read organisationId. */
  async assertOrganisation(
    principal: Pick<Principal, 'organisationId' | 'roles'>,
    organisationId: number,
  ): Promise<void> {
    if (!(await this.canAccess(principal, organisationId))) throw notFound('Organisation');
  }
}

/**
 * What a route asks of its caller: nothing, a module key (ingest), a live session, or a permission
 * of the one table.
 */
export type RouteAccess = 'public' | 'module-key' | 'authenticated' | Permission;

/** The options a guarded route spreads in: its hooks, and its access level for OpenAPI and the tests. */
export interface RouteGuard {
  onRequest: onRequestAsyncHookHandler[];
  config: { access: RouteAccess };
}

declare module 'fastify' {
  interface FastifyInstance {
    access: OrganisationAccess;
    /**
     * Hook factory: 403 unless the permission table grants the permission to the principal's roles
     * in an organisation of its type.
     */
    requirePermission: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
    /**
     * Route options for a protected route: authentication (401) and the permission (403) run on
     * request, before the body is parsed or validated, so an anonymous caller learns nothing from a
     * 400. The access level is published in OpenAPI (x-liftwacht-access), where the authorization
     * matrix test reads it.
     */
    guard: (access: Exclude<RouteAccess, 'public' | 'module-key'>) => RouteGuard;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const accessPlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('access', new OrganisationAccess(new AccessRepository(app.db), app.authState));
    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      const principal = principalOf(request);
      if (!hasPermission(principal.roles, permission, principal.organisationType)) throw forbidden();
      return Promise.resolve();
    });
    app.decorate('guard', (access: Exclude<RouteAccess, 'public' | 'module-key'>): RouteGuard => {
      const hooks: onRequestAsyncHookHandler[] = [app.authenticate];
      if (access !== 'authenticated') hooks.push(app.requirePermission(access));
      return { onRequest: hooks, config: { access } };
    });
  },
  { name: 'access', dependencies: ['core', 'auth'] },
);
