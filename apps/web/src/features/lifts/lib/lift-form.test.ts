import { describe, expect, it } from 'vitest';
import { detailedLift } from '../testing/lift-api.ts';
import { checkLiftForm, emptyLiftForm, liftChanges, liftFormValues } from './lift-form.ts';

describe('lift form values', () => {
  it('starts a new lift with the database defaults and refuses it without name and address', () => {
    const values = emptyLiftForm();
    expect(values.maintenanceIntervalDays).toBe('90');
    const result = checkLiftForm(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['name', 'address']);
  });

  it('sends blank optional text as null and a blank number as an error', () => {
    const ok = checkLiftForm({ ...emptyLiftForm(), name: ' Lift A ', address: 'Straat 1' });
    expect(ok.data).toMatchObject({ name: 'Lift A', city: null, liftType: null, commissionedOn: null });
    const blank = checkLiftForm({ ...emptyLiftForm(), name: 'A', address: 'B', serviceRideThreshold: '' });
    expect(blank.error?.issues.map((issue) => issue.path[0])).toEqual(['serviceRideThreshold']);
  });

  it('edits only what changed, with the version it started from', () => {
    const values = { ...liftFormValues(detailedLift), city: 'Amersfoort', liftType: '' };
    const checked = checkLiftForm(values);
    if (!checked.success) throw checked.error;
    expect(liftChanges(detailedLift, checked.data)).toEqual({ city: 'Amersfoort', liftType: null, version: 1 });
  });
});
