// Reading the audit log: an admin reads its own organisation's entries, system-admin every entry
// (organisationId narrows it). Nothing here or anywhere changes an entry.
import type { AuditLogQuery } from '@liftwacht/contracts/administration';
import { notFound } from '../../lib/app-error.ts';
import { listScope, type AdminPrincipal } from './admin-scope.ts';
import type { AuditLogRepository } from './audit-log.repository.ts';

export class AuditLogService {
  constructor(private readonly repository: AuditLogRepository) {}

  async list(principal: AdminPrincipal, query: AuditLogQuery) {
    const { organisationId, limit, offset, ...filter } = query;
    const organisationIds = listScope(principal, organisationId);
    if (organisationId !== undefined && !(await this.repository.organisationExists(organisationId))) {
      throw notFound('Organisation');
    }
    return this.repository.list({ ...filter, organisationIds }, limit, offset);
  }
}
