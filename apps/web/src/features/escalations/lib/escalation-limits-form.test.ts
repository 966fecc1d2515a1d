import { describe, expect, it } from 'vitest';
import type { EscalationSettings } from '@liftwacht/contracts/escalations';
import { checkLimits, formFromSettings } from './escalation-limits-form.ts';

const settings: EscalationSettings = {
  organisationId: 1,
  organisationName: 'Liftwacht Vastgoed',
  firstMinutes: 5,
  secondMinutes: 15,
  version: 3,
  editable: true,
};

describe('escalation limits form', () => {
  it('sends whole minutes with the version read', () => {
    expect(checkLimits({ firstMinutes: ' 2 ', secondMinutes: '1440' }, 3)).toEqual({
      body: { firstMinutes: 2, secondMinutes: 1440, version: 3 },
    });
  });

  it('names the field and the problem: out of range, no whole number, or not after the first', () => {
    expect(checkLimits({ firstMinutes: '0', secondMinutes: '15' }, 1).problems).toEqual({ firstMinutes: 'range' });
    expect(checkLimits({ firstMinutes: '', secondMinutes: '1441' }, 1).problems).toEqual({
      firstMinutes: 'range',
      secondMinutes: 'range',
    });
    expect(checkLimits({ firstMinutes: '2.5', secondMinutes: '-3' }, 1).problems).toEqual({
      firstMinutes: 'range',
      secondMinutes: 'range',
    });
    expect(checkLimits({ firstMinutes: '10', secondMinutes: '10' }, 1).problems).toEqual({ secondMinutes: 'order' });
    expect(checkLimits({ firstMinutes: '20', secondMinutes: '10' }, 1).problems).toEqual({ secondMinutes: 'order' });
  });

  it('starts from the stored limits', () => {
    expect(formFromSettings(settings)).toEqual({ firstMinutes: '5', secondMinutes: '15' });
  });
});
