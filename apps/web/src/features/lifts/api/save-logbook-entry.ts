import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logbookEntryResponseSchema, type LogbookEntry, type LogbookEntryInput } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /liftwacht/lift/{id}/logbook (a new line) or PUT /liftwacht/logbook/{entryId} (its author's
 * correction within 24 hours); the lift's logbook and visit pages read it again afterwards.
 */
export function useSaveLogbookEntry(liftId: number) {
  const client = useQueryClient();
  return useCallback(
    async (body: LogbookEntryInput, entryId?: number): Promise<LogbookEntry> => {
      const entry = (
        entryId === undefined
          ? await apiRequest('POST', `/lift/${liftId}/logbook`, { schema: logbookEntryResponseSchema, body })
          : await apiRequest('PUT', `/logbook/${entryId}`, { schema: logbookEntryResponseSchema, body })
      ).data;
      await client.invalidateQueries({ queryKey: ['lifts', 'logbook', liftId] });
      return entry;
    },
    [client, liftId],
  );
}
