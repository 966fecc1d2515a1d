// Envelopes and building blocks every feature's contract uses (DESIGN §5).
import { z } from 'zod';

export const errorCodes = [
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'invalid_credentials',
  'token_expired',
  'session_revoked',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'reset_token_invalid',
  'reset_token_used',
  'reset_token_expired',
  'internal_error',
  'unavailable',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The offending request field, for validation errors. */
    field: z.string().optional(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** `{ data: T }`, the success envelope of every JSON response. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const paginationSchema = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
});

/** `{ data: { items, pagination, total } }` for every list. */
export const listOf = <T extends z.ZodType>(item: T) =>
  dataOf(z.object({ items: z.array(item), pagination: paginationSchema, total: z.number().int() }));

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Calendar date on the wire: yyyy-MM-dd. */
export const isoDateSchema = z.iso.date();
/** Timestamp on the wire: ISO 8601 with offset. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
