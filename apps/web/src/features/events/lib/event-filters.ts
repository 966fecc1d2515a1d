// The events filters (spec §2) and how the browser remembers them (spec §3 "event filters (JSON)",
// under liftwacht-event-filters), so a reload or a later visit shows the same selection.
import { z } from 'zod';
import { eventTypeSchema, type EventType } from '@liftwacht/contracts/event-types';
import { readJson, storageKeys, writeJson } from '../../../lib/storage.ts';

const liftChoiceSchema = z.object({ id: z.number().int().positive(), name: z.string() });
export type LiftChoice = z.infer<typeof liftChoiceSchema>;

export const eventFiltersSchema = z.object({
  types: z.array(eventTypeSchema),
  // Name kept with the id so the chips read well after a reload without fetching every lift.
  lifts: z.array(liftChoiceSchema),
  from: z.iso.date().nullable(),
  to: z.iso.date().nullable(),
  onlyUnavailability: z.boolean(),
  showClosed: z.boolean(),
});
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
