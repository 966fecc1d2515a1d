// Field-level problems of the signed-out setup form and the profile forms: what the browser can
// tell before sending (the same rules as the server's contract), and the field a refused request
// names (lib/form-errors.ts), so the message appears under that field rather than above the form.
import { passwordMinLength } from '@liftwacht/contracts/auth';
import { setupRequestSchema } from '@liftwacht/contracts/account';
import type { TFunction } from 'i18next';

export type FieldProblems<F extends string> = Partial<Record<F, string>>;

export function requiredProblem(t: TFunction<'account'>, value: string): string | null {
  return value.trim() === '' ? t('fieldErrors.required') : null;
}

export function usernameProblem(t: TFunction<'account'>, value: string): string | null {
  return (
    requiredProblem(t, value) ??
    (setupRequestSchema.shape.username.safeParse(value).success ? null : t('fieldErrors.username'))
  );
}

export function emailProblem(t: TFunction<'account'>, value: string): string | null {
  return (
    requiredProblem(t, value) ??
    (setupRequestSchema.shape.email.safeParse(value.trim()).success ? null : t('fieldErrors.email'))
  );
}

export function newPasswordProblem(t: TFunction<'account'>, value: string): string | null {
  return value.length < passwordMinLength ? t('fieldErrors.tooShort', { min: passwordMinLength }) : null;
}

export function repeatProblem(t: TFunction<'account'>, password: string, repeat: string): string | null {
  return password !== repeat ? t('fieldErrors.mismatch') : null;
}

/** Only the problems that exist, so an empty object means the form may be sent. */
export function problemsOf<F extends string>(entries: Record<F, string | null>): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const [field, problem] of Object.entries(entries) as [F, string | null][]) {
    if (problem !== null) problems[field] = problem;
  }
  return problems;
}
