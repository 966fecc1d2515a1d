import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  callDetailResponseSchema,
  callDetailSchema,
  type AssignCallBody,
  type CallDetail,
  type EndCallBody,
  type PassengerFreedBody,
} from '@liftwacht/contracts/call-actions';
import { apiRequest } from '../../../lib/api-client.ts';
import { conflictCurrent } from '../../../lib/form-errors.ts';
import { callQueryOptions } from './get-call.ts';

/**
 * The actions on one call, each with the attempt's Idempotency-Key. The answer (or, on a 409, the
 * call as it is now) replaces the call on screen at once; the calls lists refetch.
 */
export function useCallActions(callId: number) {
  const client = useQueryClient();
  return useMemo(() => {
    const { queryKey } = callQueryOptions(callId);
    const send = async (action: string, key: string, body: unknown): Promise<CallDetail> => {
      try {
        const response = await apiRequest('POST', `/calls/${callId}/${action}`, {
          schema: callDetailResponseSchema,
          body,
          headers: { 'Idempotency-Key': key },
        });
        client.setQueryData(queryKey, response.data);
        return response.data;
      } catch (error) {
        const current = conflictCurrent(error, callDetailSchema);
        if (current) client.setQueryData(queryKey, current);
        throw error;
      } finally {
        void client.invalidateQueries({ queryKey: ['calls'], predicate: (q) => q.queryKey[1] !== 'detail' });
      }
    };
    return {
      acknowledge: (version: number, key: string) => send('acknowledge', key, { version }),
      assign: (body: AssignCallBody, key: string) => send('assign', key, body),
      addNote: (text: string, key: string) => send('notes', key, { text }),
      passengerFreed: (body: PassengerFreedBody, key: string) => send('passenger-freed', key, body),
      end: (body: EndCallBody, key: string) => send('end', key, body),
    };
  }, [client, callId]);
}

export type CallActions = ReturnType<typeof useCallActions>;
