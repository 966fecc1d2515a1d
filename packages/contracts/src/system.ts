// Version, liveness and readiness.
import { z } from 'zod';
import { dataOf } from './common.ts';

export const versionResponseSchema = dataOf(z.object({ version: z.string() }));
export type VersionResponse = z.infer<typeof versionResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});
