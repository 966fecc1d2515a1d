// The events filters (spec §2) and how the browser remembers them (spec §3 "event filters (JSON)",
// under liftwacht-event-filters), so a reload or a later visit shows the same selection.
import { z } from 'zod';
import { maxQueryIds } from '@liftwacht/contracts/calls';
import { idNumberSchema, isoDateSchema } from '@liftwacht/contracts/common';
import { eventTypeSchema, type EventType } from '@liftwacht/contracts/event-types';
import { dateRangeProblems, hasDateRangeProblem } from '../../../lib/date-range-problems.ts';
import { readJson, storageKeys, writeJson } from '../../../lib/storage.ts';

// A stored id the database cannot hold would make the server refuse the whole list.
const liftChoiceSchema = z.object({ id: idNumberSchema, name: z.string() });
export type LiftChoice = z.infer<typeof liftChoiceSchema>;

/** What the dialog refuses to apply: a day outside 1900–2199, a reversed or over ten years long period. */
export const eventPeriodProblems = (filters: { from: string | null; to: string | null }) =>
  dateRangeProblems(filters.from ?? '', filters.to ?? '');

// Stored filters meet the server's bounds too: one it refuses (an old value, a hand-edited one)
// would fail every later visit, so it falls back to no filters like any other invalid value.
export const eventFiltersSchema = z
  .object({
    types: z.array(eventTypeSchema),
    // Name kept with the id so the chips read well after a reload without fetching every lift.
    lifts: z.array(liftChoiceSchema).max(maxQueryIds),
    from: isoDateSchema.nullable(),
    to: isoDateSchema.nullable(),
    onlyUnavailability: z.boolean(),
    showClosed: z.boolean(),
  })
  .refine((filters) => !hasDateRangeProblem(eventPeriodProblems(filters)), { path: ['to'] });
export type EventFilters = z.infer<typeof eventFiltersSchema>;

export const emptyEventFilters: EventFilters = {
  types: [],
  lifts: [],
  from: null,
  to: null,
  onlyUnavailability: false,
  showClosed: false,
};

/** What the filter button counts; the closed toggle sits on the page itself and is not counted. */
export function activeFilterCount(filters: EventFilters): number {
  return [
    filters.types.length > 0,
    filters.lifts.length > 0,
    filters.from !== null || filters.to !== null,
    filters.onlyUnavailability,
  ].filter(Boolean).length;
}

export function readStoredEventFilters(): EventFilters {
  return readJson(storageKeys.eventFilters, eventFiltersSchema) ?? emptyEventFilters;
}

export function storeEventFilters(filters: EventFilters): void {
  writeJson(storageKeys.eventFilters, filters);
}

export const isEventType = (value: string): value is EventType => eventTypeSchema.safeParse(value).success;
