import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logbookEntryResponseSchema, type LogbookEntry, type LogbookEntryInput } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /liftwacht/lift/{id}/logbook (a new line) or PUT /liftwacht/logbook/{entryId} (its author's
 * correction within 24 hours), with the attempt's Idempotency-Key, so a retry after a lost answer
 * writes once; the lift's logbook and visit pages read it again afterwards.
 */
export function useSaveLogbookEntry(liftId: number) {
  const client = useQueryClient();
  return useCallback(
    async (body: LogbookEntryInput, key: string, entryId?: number): Promise<LogbookEntry> => {
      const options = { schema: logbookEntryResponseSchema, body, headers: { 'Idempotency-Key': key } };
      const entry = (
        entryId === undefined
          ? await apiRequest('POST', `/lift/${liftId}/logbook`, options)
          : await apiRequest('PUT', `/logbook/${entryId}`, options)
      ).data;
      await client.invalidateQueries({ queryKey: ['lifts', 'logbook', liftId] });
      return entry;
    },
    [client, liftId],
  );
}
