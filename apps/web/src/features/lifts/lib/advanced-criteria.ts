import type { z } from 'zod';
import {
  liftSearchTextFields,
  type liftSearchCriteriaSchema,
  type LiftSearchTextField,
} from '@liftwacht/contracts/lifts';
import type { LiftStatus } from '@liftwacht/contracts/dashboard';
import { dateRangeProblems } from '../../../lib/date-range-problems.ts';

/** The body as sent: defaults (statusMatch) may be left out, which keeps shared URLs short. */
export type LiftCriteria = z.input<typeof liftSearchCriteriaSchema>;

export type TriState = '' | 'yes' | 'no';

/** The advanced search form: every input as the user typed it. */
export interface AdvancedForm {
  text: Record<LiftSearchTextField, string>;
  hasFlow: TriState;
  hasIntercom: TriState;
  hasModule: TriState;
  statuses: LiftStatus[];
  statusMatch: 'any' | 'all';
  commissionedFrom: string;
  commissionedTo: string;
  intervalMin: string;
  intervalMax: string;
  validFrom: string;
  validTo: string;
}

export const emptyForm = (): AdvancedForm => ({
  text: Object.fromEntries(liftSearchTextFields.map((field) => [field, ''])) as Record<LiftSearchTextField, string>,
  hasFlow: '',
  hasIntercom: '',
  hasModule: '',
  statuses: [],
  statusMatch: 'any',
  commissionedFrom: '',
  commissionedTo: '',
  intervalMin: '',
  intervalMax: '',
  validFrom: '',
  validTo: '',
});

const triToBoolean = (value: TriState): boolean | undefined =>
  value === 'yes' ? true : value === 'no' ? false : undefined;
const booleanToTri = (value: boolean | null | undefined): TriState =>
  value === true ? 'yes' : value === false ? 'no' : '';

function range<T>(from: T | undefined, to: T | undefined, names: [string, string]) {
  if (from === undefined && to === undefined) return undefined;
  return { ...(from === undefined ? {} : { [names[0]]: from }), ...(to === undefined ? {} : { [names[1]]: to }) };
}

const text = (value: string): string | undefined => value.trim() || undefined;
const dayCount = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

/** The body of POST /lift: only what the user filled in, so the URL stays short. */
export function toCriteria(form: AdvancedForm): LiftCriteria {
  const criteria: LiftCriteria = {};
  for (const field of liftSearchTextFields) {
    const value = text(form.text[field]);
    if (value !== undefined) criteria[field] = value;
  }
  for (const field of ['hasFlow', 'hasIntercom', 'hasModule'] as const) {
    const value = triToBoolean(form[field]);
    if (value !== undefined) criteria[field] = value;
  }
  if (form.statuses.length > 0) {
    criteria.statuses = form.statuses;
    criteria.statusMatch = form.statusMatch;
  }
  const commissioned = range(text(form.commissionedFrom), text(form.commissionedTo), ['from', 'to']);
  if (commissioned) criteria.commissionedOn = commissioned;
  const interval = range(dayCount(form.intervalMin), dayCount(form.intervalMax), ['min', 'max']);
  if (interval) criteria.maintenanceIntervalDays = interval;
  const valid = range(text(form.validFrom), text(form.validTo), ['from', 'to']);
  if (valid) criteria.inspectionValidUntil = valid;
  return criteria;
}

/** The form for criteria read from the URL, so the panel opens with the active search. */
export function toForm(criteria: LiftCriteria): AdvancedForm {
  const form = emptyForm();
  for (const field of liftSearchTextFields) form.text[field] = criteria[field] ?? '';
  form.hasFlow = booleanToTri(criteria.hasFlow);
  form.hasIntercom = booleanToTri(criteria.hasIntercom);
  form.hasModule = booleanToTri(criteria.hasModule);
  form.statuses = [...(criteria.statuses ?? [])];
  form.statusMatch = criteria.statusMatch ?? 'any';
  form.commissionedFrom = criteria.commissionedOn?.from ?? '';
  form.commissionedTo = criteria.commissionedOn?.to ?? '';
  form.intervalMin = criteria.maintenanceIntervalDays?.min?.toString() ?? '';
  form.intervalMax = criteria.maintenanceIntervalDays?.max?.toString() ?? '';
  form.validFrom = criteria.inspectionValidUntil?.from ?? '';
  form.validTo = criteria.inspectionValidUntil?.to ?? '';
  return form;
}

/** How many criteria are set; 0 means the search answers "nothing" without asking (spec §5). */
export function criteriaCount(criteria: LiftCriteria): number {
  let count = 0;
  for (const field of liftSearchTextFields) if (criteria[field]?.trim()) count += 1;
  for (const field of ['hasFlow', 'hasIntercom', 'hasModule'] as const)
    if (typeof criteria[field] === 'boolean') count += 1;
  if (criteria.statuses && criteria.statuses.length > 0) count += 1;
  for (const bounds of [criteria.commissionedOn, criteria.inspectionValidUntil]) {
    if (bounds && (bounds.from || bounds.to)) count += 1;
  }
  const interval = criteria.maintenanceIntervalDays;
  if (interval && (interval.min != null || interval.max != null)) count += 1;
  return count;
}

export type FormProblem = 'commissionedOrder' | 'intervalOrder' | 'intervalNumber' | 'validOrder';

export type DateField = 'commissionedFrom' | 'commissionedTo' | 'validFrom' | 'validTo';

// Filters on a lift's own dates, not a period of data: any span is fine, only the days and their order count.
const dateRanges = [
  { from: 'commissionedFrom', to: 'commissionedTo', order: 'commissionedOrder' },
  { from: 'validFrom', to: 'validTo', order: 'validOrder' },
] as const;
const rangeProblems = (form: AdvancedForm, range: (typeof dateRanges)[number]) =>
  dateRangeProblems(form[range.from].trim(), form[range.to].trim(), null);

/** Mistakes the server would refuse, caught before the search runs; said below the form. */
export function formProblems(form: AdvancedForm): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const range of dateRanges) if (rangeProblems(form, range).to === 'order') problems.push(range.order);
  const min = dayCount(form.intervalMin);
  const max = dayCount(form.intervalMax);
  const valid = (value: number | undefined) =>
    value === undefined || (Number.isInteger(value) && value >= 0 && value <= 36500);
  if (!valid(min) || !valid(max)) problems.push('intervalNumber');
  else if (min !== undefined && max !== undefined && min > max) problems.push('intervalOrder');
  return problems;
}

/** Dates the server would refuse (not a real day between 1900 and 2199); said on the field itself. */
export function datesOutOfRange(form: AdvancedForm): DateField[] {
  return dateRanges.flatMap((range) => {
    const problems = rangeProblems(form, range);
    return [...(problems.from ? [range.from] : []), ...(problems.to === 'range' ? [range.to] : [])];
  });
}
