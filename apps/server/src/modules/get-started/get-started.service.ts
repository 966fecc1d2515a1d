// The get-started checklist of an administrator: which of the first steps of a new install are
// done, read from the data every time, so it can never say "done" for something that is not.
// system-admin (the company that runs Liftwacht) sets up every organisation, so its checklist
// starts with creating one; an admin sets up its own organisation: its people, and its lifts and
// modules unless it is a company that serves others (it owns no lifts).
import type { GetStarted, GetStartedStep } from '@liftwacht/contracts/get-started';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { GetStartedCounts, GetStartedRepository } from './get-started.repository.ts';

export class GetStartedService {
  constructor(private readonly repository: GetStartedRepository) {}

  async checklist(principal: Principal): Promise<GetStarted> {
    const everything = seesEveryOrganisation(principal.roles);
    const counts = await this.repository.counts(
      everything ? null : [principal.organisationId],
      principal.organisationId,
      principal.userId,
    );
    const ownsLifts = principal.organisationType === 'owner' || principal.organisationType === 'client';
    const applies: GetStartedStep[] = everything
      ? ['organisations', 'people', 'lifts', 'modules']
      : ownsLifts
        ? ['people', 'lifts', 'modules']
        : ['people', 'modules'];
    const steps = applies.map((step) => ({
      step,
      count: counts[step satisfies keyof GetStartedCounts],
      done: counts[step] > 0,
    }));
    return { steps, done: steps.every((s) => s.done) };
  }
}
