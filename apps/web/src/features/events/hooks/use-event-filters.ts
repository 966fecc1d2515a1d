import { useCallback, useState } from 'react';
import { readStoredEventFilters, storeEventFilters, type EventFilters } from '../lib/event-filters.ts';

/** The filters as state, written to the browser on every change so a reload keeps them. */
export function useEventFilters(): [EventFilters, (filters: EventFilters) => void] {
  const [filters, setFilters] = useState(readStoredEventFilters);
  const update = useCallback((next: EventFilters) => {
    storeEventFilters(next);
    setFilters(next);
  }, []);
  return [filters, update];
}
