// What went wrong with a form's request, sorted the way the administration forms answer it.
import type { z } from 'zod';
import { isApiError } from './api-error.ts';

/** The server's `validation_failed` for one request field (`{ error: { code, field } }`). */
export function serverFieldError(error: unknown): { field: string; message: string } | null {
  if (!isApiError(error) || error.code !== 'validation_failed' || !error.field) return null;
  return { field: error.field, message: error.serverMessage ?? '' };
}

export const hasErrorCode = (error: unknown, code: string): boolean => isApiError(error) && error.code === code;

/**
 * The current object of a 409 `conflict` on an edit (`{ error, current }`), or null for any other
 * error — also for a 409 without a readable `current`, which the form then reports plainly.
 */
export function conflictCurrent<T>(error: unknown, schema: z.ZodType<T>): T | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'conflict') return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('current' in body)) return null;
  const parsed = schema.safeParse(body.current);
  return parsed.success ? parsed.data : null;
}

/** The request fields a zod check refused (first path segment), for client-side checks before sending. */
export function invalidFields(result: z.ZodSafeParseResult<unknown>): Set<string> {
  if (result.success) return new Set();
  return new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
}
