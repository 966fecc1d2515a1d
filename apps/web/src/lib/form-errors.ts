// What a refused form submission means for the form that sent it, the same way for every form:
// a 400 names fields (its `field` and each entry of `details`) whose message belongs under that
// field; a 409 `conflict` of an edit carries the current object; anything else is one message for
// the whole form. The browser's own checks use the same contract schema (`invalidFields`).
import type { z } from 'zod';
import { isApiError } from './api-error.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const hasErrorCode = (error: unknown, code: string): boolean => isApiError(error) && error.code === code;

/** `name` of a server path such as `name`, `body.name` or `roles.0`: the form field it concerns. */
function formFieldOf(path: string): string {
  const segments = path.split('.');
  return (segments[0] === 'body' && segments.length > 1 ? segments[1] : segments[0]) ?? '';
}

function detailsOf(body: unknown): { field: string; message: string }[] {
  if (typeof body !== 'object' || body === null || !('error' in body)) return [];
  const { error } = body;
  if (typeof error !== 'object' || error === null || !('details' in error) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (entry: unknown): entry is { field: string; message: string } =>
      typeof entry === 'object' &&
      entry !== null &&
      'field' in entry &&
      typeof entry.field === 'string' &&
      'message' in entry &&
      typeof entry.message === 'string',
  );
}

/**
 * The server's messages per form field of a 400 (validation, or a rule such as `wrong_password`
 * that names its field); fields the form does not have are left out, so an empty object means the
 * refusal is for the whole form.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 400) return found;
  // The details carry the bare message; the top-level one is prefixed with its field.
  const entries = [...detailsOf(error.body), { field: error.field, message: error.serverMessage ?? '' }];
  for (const { field, message } of entries) {
    if (field === undefined) continue;
    const name = formFieldOf(field);
    if ((fields as readonly string[]).includes(name) && found[name as F] === undefined) found[name as F] = message;
  }
  return found;
}

/** The first form field a 400 names, or null. */
export function serverField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  const [first] = Object.keys(serverFieldErrors(error, fields)) as F[];
  return first ?? null;
}

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
