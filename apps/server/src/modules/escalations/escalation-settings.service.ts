// The organisation's escalation limits: read by everyone who may read the organisation, changed by
// its own admin or system-admin (an admin reads the limits of the organisations that granted it
// access, but they are not its to change: 403). A change names the version it was read at and is
// audited in the same transaction.
import type { FastifyRequest } from 'fastify';
import type { EscalationSettings, UpdateEscalationSettings } from '@liftwacht/contracts/escalations';
import { hasPermission, seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { Db } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { EscalationLimitsRow, EscalationSettingsRepository } from './escalation-settings.repository.ts';

type SettingsPrincipal = Pick<Principal, 'organisationId' | 'roles'>;

/** Whether the principal may change the organisation's limits: its own admin, or system-admin. */
export function mayChangeLimits(principal: SettingsPrincipal, organisationId: number): boolean {
  return (
    hasPermission(principal.roles, 'escalations.manage') &&
    (seesEveryOrganisation(principal.roles) || principal.organisationId === organisationId)
  );
}

export class EscalationSettingsService {
  constructor(
    private readonly repository: EscalationSettingsRepository,
    private readonly access: OrganisationAccess,
    private readonly audit: Audit,
    private readonly clock: Clock,
  ) {}

  async get(principal: SettingsPrincipal, organisationId: number): Promise<EscalationSettings> {
    await this.access.assertOrganisation(principal, organisationId);
    const row = await this.repository.find(organisationId);
    if (!row) throw notFound('Organisation');
    return settingsOf(row, mayChangeLimits(principal, organisationId));
  }

  async update(
    request: FastifyRequest,
    organisationId: number,
    change: UpdateEscalationSettings,
  ): Promise<EscalationSettings> {
    const principal = principalOf(request);
    // Outside the scope: 404 as any other organisation's object; inside but not its own: 403.
    await this.access.assertOrganisation(principal, organisationId);
    if (!mayChangeLimits(principal, organisationId)) throw forbidden();
    return this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const version = await this.repository.lock(db, organisationId);
      const before = version === undefined ? undefined : await this.repository.find(organisationId, db);
      if (version === undefined || !before) throw notFound('Organisation');
      if (version !== change.version) {
        throw conflict('Somebody else changed this organisation meanwhile', 'version', settingsOf(before, true));
      }
      const limits = { firstMinutes: change.firstMinutes, secondMinutes: change.secondMinutes };
      if (limits.firstMinutes === before.firstMinutes && limits.secondMinutes === before.secondMinutes) {
        return settingsOf(before, true);
      }
      await this.repository.update(db, organisationId, limits, this.clock.now());
      const after = await this.repository.find(organisationId, db);
      if (!after) throw notFound('Organisation');
      await this.audit.record(db, request, {
        organisationId,
        action: 'organisation.escalation_updated',
        subjectType: 'organisation',
        subjectId: organisationId,
        before: { firstMinutes: before.firstMinutes, secondMinutes: before.secondMinutes },
        after: limits,
      });
      return settingsOf(after, true);
    });
  }
}

function settingsOf(row: EscalationLimitsRow, editable: boolean): EscalationSettings {
  return { ...row, editable };
}
