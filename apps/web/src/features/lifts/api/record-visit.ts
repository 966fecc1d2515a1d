import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { visitWriteResponseSchema, type EndVisitBody, type StartVisitBody } from '@liftwacht/contracts/visits';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /liftwacht/lift/{id}/visits, /visits/{id}/end and /visits/{id}/cancel, each with the
 * attempt's Idempotency-Key. Afterwards the lift's visits, statuses, on-site summary and the dashboards refetch
 * (the server also pushes the change to the organisation). Plain calls, as in save-lift.ts.
 */
export function useRecordVisit(liftId: number) {
  const client = useQueryClient();
  return useMemo(() => {
    const send = async (path: string, key: string, body: unknown) => {
      const response = await apiRequest('POST', path, {
        schema: visitWriteResponseSchema,
        body,
        headers: { 'Idempotency-Key': key },
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['lifts', 'visits', liftId] }),
        client.invalidateQueries({ queryKey: ['lifts', 'statuses', liftId] }),
        client.invalidateQueries({ queryKey: ['lifts', 'on-site', liftId] }),
        client.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
      return response.data;
    };
    return {
      start: (body: StartVisitBody, key: string) => send(`/lift/${liftId}/visits`, key, body),
      end: (visitId: number, body: EndVisitBody, key: string) => send(`/visits/${visitId}/end`, key, body),
      cancel: (visitId: number, key: string) => send(`/visits/${visitId}/cancel`, key, {}),
    };
  }, [client, liftId]);
}
