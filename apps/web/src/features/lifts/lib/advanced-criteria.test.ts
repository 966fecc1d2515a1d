import { describe, expect, it } from 'vitest';
import { criteriaCount, datesOutOfRange, emptyForm, formProblems, toCriteria, toForm } from './advanced-criteria.ts';

describe('advanced search criteria', () => {
  it('turns an empty form into no criteria at all', () => {
    expect(toCriteria(emptyForm())).toEqual({});
    expect(criteriaCount({})).toBe(0);
    expect(criteriaCount({ name: '  ', statuses: [], commissionedOn: {} })).toBe(0);
  });

  it('keeps only what was filled in, trimmed, and counts each criterion once', () => {
    const form = emptyForm();
    form.text.address = ' Kerkstraat ';
    form.text.esNumber = 'ES-1';
    form.hasModule = 'no';
    form.statuses = ['approvalExpired'];
    form.commissionedFrom = '2010-01-01';
    form.intervalMax = '90';
    form.validFrom = '2026-01-01';
    form.validTo = '2026-12-31';
    const criteria = toCriteria(form);
    expect(criteria).toEqual({
      address: 'Kerkstraat',
      esNumber: 'ES-1',
      hasModule: false,
      statuses: ['approvalExpired'],
      statusMatch: 'any',
      commissionedOn: { from: '2010-01-01' },
      maintenanceIntervalDays: { max: 90 },
      inspectionValidUntil: { from: '2026-01-01', to: '2026-12-31' },
    });
    expect(criteriaCount(criteria)).toBe(7);
    expect(toCriteria(toForm(criteria))).toEqual(criteria);
  });

  it('finds reversed ranges and impossible day counts before the server does', () => {
    const form = { ...emptyForm(), commissionedFrom: '2020-01-02', commissionedTo: '2020-01-01', intervalMin: '5.5' };
    expect(formProblems(form)).toEqual(['commissionedOrder', 'intervalNumber']);
    expect(formProblems({ ...emptyForm(), intervalMin: '90', intervalMax: '30' })).toEqual(['intervalOrder']);
    expect(formProblems({ ...emptyForm(), validFrom: '2026-02-01', validTo: '2026-01-01' })).toEqual(['validOrder']);
    expect(formProblems(emptyForm())).toEqual([]);
  });

  it('finds dates outside 1900–2199, per field, but allows any span between them', () => {
    const form = { ...emptyForm(), commissionedFrom: '1899-12-31', validTo: '2200-01-01', validFrom: '2026-01-01' };
    expect(datesOutOfRange(form)).toEqual(['commissionedFrom', 'validTo']);
    expect(formProblems(form)).toEqual([]);
    const wide = { ...emptyForm(), commissionedFrom: '1900-01-01', commissionedTo: '2199-12-31' };
    expect(datesOutOfRange(wide)).toEqual([]);
    expect(formProblems(wide)).toEqual([]);
    expect(datesOutOfRange(emptyForm())).toEqual([]);
  });
});
