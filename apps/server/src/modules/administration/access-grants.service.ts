// Access grants: system-admin lets a maintenance or inspection company serve another organisation
// and takes it back; an admin sees the grants from and to its own organisation. A revoked grant
// ends at once: the next request no longer reaches the organisation (scopes are read per request)
// and the company's open sockets there close after the commit, on every node.
import type { AccessGrant, AccessGrantListQuery, CreateAccessGrant } from '@liftwacht/contracts/administration';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionEnds } from '../../lib/session-ends.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { AccessGrantsRepository } from './access-grants.repository.ts';
import { servingTypes } from './admin-organisations.service.ts';
import { listScope, type AdminPrincipal } from './admin-scope.ts';

export class AccessGrantsService {
  constructor(
    private readonly repository: AccessGrantsRepository,
    private readonly audit: Audit,
    private readonly clock: Clock,
    private readonly sessionEnds: SessionEnds,
  ) {}

  async list(principal: AdminPrincipal, query: AccessGrantListQuery) {
    const organisationIds = listScope(principal, query.organisationId);
    if (
      query.organisationId !== undefined &&
      !(await this.repository.organisationExists(this.repository.db, query.organisationId))
    ) {
      throw notFound('Organisation');
    }
    return this.repository.list({ organisationIds, search: query.search }, query.limit, query.offset);
  }

  async create(request: FastifyRequest, grant: CreateAccessGrant): Promise<AccessGrant> {
    const { organisationId, accessibleOrganisationId } = grant;
    return this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // Both rows locked, in id order (two grants between the same pair never wait on each other in
      // turn): neither type can change until the grant is in, and a type change checks the grants.
      const types = new Map<number, string | undefined>();
      for (const id of [organisationId, accessibleOrganisationId].sort((a, b) => a - b)) {
        if (!types.has(id)) types.set(id, await this.repository.lockOrganisationType(db, id));
      }
      const type = types.get(organisationId);
      if (type === undefined) throw organisationNotFound('organisationId');
      const servedType = types.get(accessibleOrganisationId);
      if (servedType === undefined) throw organisationNotFound('accessibleOrganisationId');
      if (organisationId === accessibleOrganisationId) {
        throw badRequest(
          'validation_failed',
          'An organisation cannot be granted access to itself',
          'accessibleOrganisationId',
        );
      }
      if (!servingTypes.includes(type)) {
        throw badRequest(
          'validation_failed',
          'Only a maintenance or inspection company can be granted access to another organisation',
          'organisationId',
        );
      }
      // A company serves the lifts of an owner or a client; another company's own lifts it does not.
      if (servingTypes.includes(servedType)) {
        throw badRequest(
          'validation_failed',
          'Access is granted to the lifts of an owner or client organisation, not to another company',
          'accessibleOrganisationId',
        );
      }
      const existing = await this.repository.find(db, organisationId, accessibleOrganisationId);
      if (existing || !(await this.repository.insert(db, organisationId, accessibleOrganisationId, this.clock.now()))) {
        throw conflict('This organisation may access that one already', 'accessibleOrganisationId', existing);
      }
      const after = await this.repository.find(db, organisationId, accessibleOrganisationId);
      if (!after) throw new Error('grant not inserted');
      await this.audit.record(db, request, {
        // The organisation whose data is shared: its administrators read who may see it.
        organisationId: accessibleOrganisationId,
        action: 'access.granted',
        subjectType: 'access_grant',
        subjectId: `${String(organisationId)}:${String(accessibleOrganisationId)}`,
        before: null,
        after,
      });
      return after;
    });
  }

  async revoke(
    request: FastifyRequest,
    organisationId: number,
    accessibleOrganisationId: number,
  ): Promise<AccessGrant> {
    const before = await this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const grant = await this.repository.find(db, organisationId, accessibleOrganisationId);
      if (!grant || !(await this.repository.delete(db, organisationId, accessibleOrganisationId))) {
        throw notFound('Access grant');
      }
      await this.audit.record(db, request, {
        organisationId: accessibleOrganisationId,
        action: 'access.revoked',
        subjectType: 'access_grant',
        subjectId: `${String(organisationId)}:${String(accessibleOrganisationId)}`,
        before: grant,
        after: null,
      });
      return grant;
    });
    // After the commit, so a socket that reconnects at once finds the grant gone.
    this.sessionEnds.announce({ kind: 'access', organisationId, revokedOrganisationId: accessibleOrganisationId });
    return before;
  }
}

/** 404 naming the body field that named a missing organisation. */
const organisationNotFound = (field: string) => new AppError(404, 'not_found', 'Organisation not found', field);
