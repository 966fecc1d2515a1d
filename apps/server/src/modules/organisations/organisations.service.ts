// The user's own organisation and the list they may pick from (own + granted).
import type { Organisation } from '@liftwacht/contracts/organisations';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDay } from '../../lib/local-day.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { OrganisationsRepository } from './organisations.repository.ts';

export class OrganisationsService {
  constructor(
    private readonly repository: OrganisationsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async own(principal: Principal): Promise<Organisation> {
    const organisation = await this.repository.findById(principal.organisationId);
    if (!organisation) throw notFound('Organisation');
    return organisation;
  }

  async list(principal: Principal, limit: number, offset: number) {
    const ids = await this.access.organisationIds(principal);
    return this.repository.list(ids, limit, offset, localDay(this.clock.now()));
  }

  async get(principal: Principal, id: number): Promise<Organisation> {
    await this.access.assertOrganisation(principal, id);
    const organisation = await this.repository.findById(id);
    if (!organisation) throw notFound('Organisation');
    return organisation;
  }
}
