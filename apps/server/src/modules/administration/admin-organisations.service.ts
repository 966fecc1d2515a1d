// Organisations: system-admin lists, creates, renames and retypes every organisation; an admin sees
// its own. Every change runs in one transaction with its audit entry.
import type {
  AdminOrganisation,
  AdminOrganisationListQuery,
  CreateOrganisation,
  UpdateOrganisation,
} from '@liftwacht/contracts/administration';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { AdminOrganisationsRepository } from './admin-organisations.repository.ts';
import { administeredOrganisations, administers, type AdminPrincipal } from './admin-scope.ts';

/** Only these serve other organisations (hold access grants). */
export const servingTypes: readonly string[] = ['maintenance', 'inspection'];

export class AdminOrganisationsService {
  constructor(
    private readonly repository: AdminOrganisationsRepository,
    private readonly audit: Audit,
    private readonly clock: Clock,
  ) {}

  list(principal: AdminPrincipal, query: AdminOrganisationListQuery) {
    return this.repository.list(
      { ids: administeredOrganisations(principal), search: query.search, type: query.type },
      query,
    );
  }

  async get(principal: AdminPrincipal, id: number): Promise<AdminOrganisation> {
    const organisation = administers(principal, id) ? await this.repository.find(id) : undefined;
    if (!organisation) throw notFound('Organisation');
    return organisation;
  }

  async create(request: FastifyRequest, values: CreateOrganisation): Promise<AdminOrganisation> {
    return this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const id = await this.repository.insert(db, values, this.clock.now());
      const after = await this.found(db, id);
      await this.audit.record(db, request, {
        organisationId: id,
        action: 'organisation.created',
        subjectType: 'organisation',
        subjectId: id,
        before: null,
        after,
      });
      return after;
    });
  }

  async update(request: FastifyRequest, id: number, change: UpdateOrganisation): Promise<AdminOrganisation> {
    return this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const version = await this.repository.lock(db, id);
      if (version === undefined) throw notFound('Organisation');
      const before = await this.found(db, id);
      if (version !== change.version) {
        throw conflict('Somebody else changed this organisation meanwhile', 'version', before);
      }
      const type = change.type ?? before.type;
      // A company that serves others keeps a serving type while it holds grants, so every grant
      // stays one from a maintenance or inspection company.
      if (!servingTypes.includes(type) && (await this.repository.grantsHeld(db, id)) > 0) {
        throw conflict('Revoke the organisations this one may access before changing its type', 'type', before);
      }
      // And an organisation served by a company keeps a type with lifts to serve (owner or client).
      if (servingTypes.includes(type) && (await this.repository.grantsReceived(db, id)) > 0) {
        throw conflict('Revoke the companies that serve this organisation before changing its type', 'type', before);
      }
      await this.repository.update(db, id, { name: change.name ?? before.name, type }, this.clock.now());
      const after = await this.found(db, id);
      await this.audit.record(db, request, {
        organisationId: id,
        action: 'organisation.updated',
        subjectType: 'organisation',
        subjectId: id,
        before,
        after,
      });
      return after;
    });
  }

  private async found(db: Db, id: number): Promise<AdminOrganisation> {
    const organisation = await this.repository.find(id, db);
    if (!organisation) throw notFound('Organisation');
    return organisation;
  }
}
