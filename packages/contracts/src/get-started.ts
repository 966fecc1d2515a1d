// The "get started" checklist an administrator sees until the install is set up: each step is
// computed from the data itself (no flag that could say "done" when it is not).
import { z } from 'zod';
import { dataOf } from './common.ts';

/**
 * organisations: an organisation besides the administrator's own (system-admin only: it creates
 * them); people: someone besides the administrator, invited or active; lifts: a lift (owners and
 * clients); modules: a registered module (owners and clients; a maintenance company's in the lifts
 * it serves). Within what the administrator administers; an inspection company has people only.
 */
export const getStartedSteps = ['organisations', 'people', 'lifts', 'modules'] as const;
export const getStartedStepSchema = z.enum(getStartedSteps);
export type GetStartedStep = z.infer<typeof getStartedStepSchema>;

export const getStartedSchema = z.object({
  /** The steps that apply to the caller, in order, each with how many there are now. */
  steps: z.array(z.object({ step: getStartedStepSchema, done: z.boolean(), count: z.number().int() })),
  /** Every step is done: the checklist has nothing left to show. */
  done: z.boolean(),
});
export type GetStarted = z.infer<typeof getStartedSchema>;

/** GET /liftwacht/get-started (administrators). */
export const getStartedResponseSchema = dataOf(getStartedSchema);
