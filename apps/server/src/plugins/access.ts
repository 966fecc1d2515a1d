// Authorization in one place: which organisations a principal may read, and what its roles allow.
// Every organisation-scoped query goes through organisationIds/assertOrganisation; anything outside
// the scope answers 404 so ids leak nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, type Permission } from '@liftwacht/contracts/permissions';
import { forbidden, notFound } from '../lib/app-error.ts';
import { AccessRepository } from './access.repository.ts';
import type { Principal } from './auth-sessions.repository.ts';
import { principalOf } from './auth.ts';

export class OrganisationAccess {
  constructor(private readonly repository: AccessRepository) {}

  /** Own organisation first, then the ones granted to it. */
  async organisationIds(principal: Principal): Promise<number[]> {
    const granted = await this.repository.grantedOrganisationIds(principal.organisationId);
    return [principal.organisationId, ...granted.filter((id) => id !== principal.organisationId)];
  }

  async canAccess(principal: Principal, organisationId: number): Promise<boolean> {
    if (organisationId === principal.organisationId) return true;
    return (await this.organisationIds(principal)).includes(organisationId);
  }

  /** Throws 404 unless the principal may read organisationId. */
  async assertOrganisation(principal: Principal, organisationId: number): Promise<void> {
    if (!(await this.canAccess(principal, organisationId))) throw notFound('Organisation');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    access: OrganisationAccess;
    /** preHandler factory: 403 unless one of the principal's roles grants the permission. */
    requirePermission: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
  }
}

export const accessPlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('access', new OrganisationAccess(new AccessRepository(app.db)));
    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      if (!hasPermission(principalOf(request).roles, permission)) throw forbidden();
      return Promise.resolve();
    });
  },
  { name: 'access', dependencies: ['core', 'auth'] },
);
