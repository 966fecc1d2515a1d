// The get-started checklist of an administrator: which of the first steps of a new install are
// done, read from the data every time, so it can never say "done" for something that is not.
// system-admin (the company that runs Liftwacht) sets up every organisation, so its checklist
// starts with creating one; an admin sets up its own organisation: its people, and for an owner or
// client its lifts and modules, for a maintenance company the modules in the lifts it serves (it
// owns none), for an inspection company only its people (it neither owns lifts nor fits modules).
import type { GetStarted, GetStartedStep } from '@liftwacht/contracts/get-started';
import { seesEveryOrganisation, type OrganisationType } from '@liftwacht/contracts/permissions';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { GetStartedCounts, GetStartedRepository } from './get-started.repository.ts';

export class GetStartedService {
  constructor(
    private readonly repository: GetStartedRepository,
    private readonly access: OrganisationAccess,
  ) {}

  async checklist(principal: Principal): Promise<GetStarted> {
    const everything = seesEveryOrganisation(principal.roles);
    const own = everything ? null : [principal.organisationId];
    const counts = await this.repository.counts(
      own,
      // A company's modules are fitted in the lifts it serves (own and granted organisations).
      everything ? null : await this.access.organisationIds(principal),
      principal.organisationId,
      principal.userId,
    );
    const applies = stepsFor(everything, principal.organisationType);
    const steps = applies.map((step) => ({
      step,
      count: counts[step satisfies keyof GetStartedCounts],
      done: counts[step] > 0,
    }));
    return { steps, done: steps.every((s) => s.done) };
  }
}

function stepsFor(everything: boolean, type: OrganisationType): GetStartedStep[] {
  if (everything) return ['organisations', 'people', 'lifts', 'modules'];
  switch (type) {
    case 'owner':
    case 'client':
      return ['people', 'lifts', 'modules'];
    case 'maintenance':
      return ['people', 'modules'];
    case 'inspection':
      return ['people'];
  }
}
