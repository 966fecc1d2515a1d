import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Locale } from '@liftwacht/contracts/auth';
import {
  senseLabelResponseSchema,
  senseLabelsResponseSchema,
  type PutSenseLabel,
} from '@liftwacht/contracts/sense-labels';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingLabelsKey } from '../../../lib/sense-labels-query.ts';

const senseLabelsKey = (organisationId: number) => ['sense-labels', organisationId] as const;

const path = (organisationId: number, key?: string) =>
  `/organisations/${String(organisationId)}/sense-labels${key === undefined ? '' : `/${encodeURIComponent(key)}`}`;

/** GET /organisations/{id}/sense-labels: every standard reading and the organisation's own names. */
export const senseLabelsQueryOptions = (organisationId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...senseLabelsKey(organisationId), locale],
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', path(organisationId), { schema: senseLabelsResponseSchema, signal, query: { locale } }))
        .data,
    // An edit starts from the stored version.
    staleTime: 0,
  });

export function useSenseLabelMutations(organisationId: number) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: senseLabelsKey(organisationId) }),
      // The merged labels on the lift and module pages follow every change.
      client.invalidateQueries({ queryKey: readingLabelsKey }),
    ]);
  const save = useMutation({
    mutationFn: async ({ key, body }: { key: string; body: PutSenseLabel }) =>
      (await apiRequest('PUT', path(organisationId, key), { schema: senseLabelResponseSchema, body })).data,
    onSuccess: refresh,
  });
  const reset = useMutation({
    mutationFn: async ({ key, version }: { key: string; version: number }) =>
      apiRequest('DELETE', path(organisationId, key), { schema: z.object({}), query: { version } }),
    onSuccess: refresh,
  });
  return { save, reset };
}
