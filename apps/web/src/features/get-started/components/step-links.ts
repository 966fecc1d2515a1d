import type { GetStartedStep } from '@liftwacht/contracts/get-started';
import { modulePaths } from '../../../app/module-paths.ts';
import { paths } from '../../../app/paths.ts';

/** Where each step is done: the page (or pages) a step's buttons open. */
export const stepLinks: Record<GetStartedStep, readonly { to: string; label: 'open' | 'newLift' | 'importLifts' }[]> = {
  organisations: [{ to: paths.adminOrganisations, label: 'open' }],
  people: [{ to: paths.adminUsers, label: 'open' }],
  lifts: [
    { to: paths.liftNew, label: 'newLift' },
    { to: paths.liftImport, label: 'importLifts' },
  ],
  modules: [{ to: modulePaths.list, label: 'open' }],
};
