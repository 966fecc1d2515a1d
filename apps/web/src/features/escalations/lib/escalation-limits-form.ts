// The two limits as typed in the form, checked before sending: whole minutes from 1 to 24 hours,
// the second later than the first (the same rules as the contract; the server checks them again).
import {
  escalationMaxMinutes,
  type EscalationSettings,
  type UpdateEscalationSettings,
} from '@liftwacht/contracts/escalations';

export interface LimitsForm {
  firstMinutes: string;
  secondMinutes: string;
}

export const limitFields = ['firstMinutes', 'secondMinutes'] as const;
export type LimitField = (typeof limitFields)[number];

/** What is wrong with a field: out of range (or no whole number), or not after the first limit. */
export type LimitProblem = 'range' | 'order';

export const formFromSettings = (settings: EscalationSettings): LimitsForm => ({
  firstMinutes: String(settings.firstMinutes),
  secondMinutes: String(settings.secondMinutes),
});

const minutesOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= escalationMaxMinutes ? value : null;
};

/** The body to send, or the problem of each field that has one. */
export function checkLimits(
  form: LimitsForm,
  version: number,
):
  | { body: UpdateEscalationSettings; problems?: undefined }
  | { body?: undefined; problems: Partial<Record<LimitField, LimitProblem>> } {
  const firstMinutes = minutesOf(form.firstMinutes);
  const secondMinutes = minutesOf(form.secondMinutes);
  const problems: Partial<Record<LimitField, LimitProblem>> = {};
  if (firstMinutes === null) problems.firstMinutes = 'range';
  if (secondMinutes === null) problems.secondMinutes = 'range';
  else if (firstMinutes !== null && secondMinutes <= firstMinutes) problems.secondMinutes = 'order';
  if (firstMinutes === null || secondMinutes === null || problems.secondMinutes) return { problems };
  return { body: { firstMinutes, secondMinutes, version } };
}
