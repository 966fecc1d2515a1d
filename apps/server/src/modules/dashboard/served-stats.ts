// The mechanic's dashboard: a monteur picks no organisation, so his figures cover every lift his
// company serves (its own organisation and the ones that granted it access). Only the two figures
// every role sees; the organisations' lifts never overlap, so the counts add up.
import type { ServedStats } from '@liftwacht/contracts/dashboard';
import { hasPermission } from '@liftwacht/contracts/permissions';
import { forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDay } from '../../lib/local-day.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { CurrentConditionsRepository, FleetConditions } from './current-conditions.repository.ts';
import type { CurrentCounts } from './current-counts.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

export class ServedStatsService {
  constructor(
    private readonly repository: DashboardRepository,
    private readonly conditions: CurrentConditionsRepository,
    private readonly counts: CurrentCounts,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async stats(principal: Principal): Promise<ServedStats> {
    if (!hasPermission(principal.roles, 'dashboard.view', principal.organisationType)) throw forbidden();
    const now = this.clock.now();
    const served = await this.repository.liftCountsIn(await this.access.organisationIds(principal), localDay(now));
    // One read of the fleet's conditions for all the organisations, not one each.
    let fleet: Promise<FleetConditions> | undefined;
    const fleetOnce = () => (fleet ??= this.conditions.fleetConditions(now));
    let intercomUnavailable = 0;
    let senseNotConnected = 0;
    for (const { organisationId } of served) {
      const counts = await this.counts.counts({ organisationId }, now, fleetOnce);
      intercomUnavailable += counts.get('intercomUnavailable') ?? 0;
      senseNotConnected += counts.get('senseNotConnected') ?? 0;
    }
    return {
      view: 'current',
      liftCount: served.reduce((n, row) => n + row.lifts, 0),
      organisationCount: served.length,
      intercomUnavailable,
      senseNotConnected,
    };
  }
}
