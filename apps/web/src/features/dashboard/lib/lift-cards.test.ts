import { describe, expect, it } from 'vitest';
import { liftCurrentCards, liftPeriodCards } from './lift-cards.ts';

describe('single-lift cards', () => {
  it('shows sense-not-connected only with a lift flow', () => {
    expect(liftCurrentCards({ hasLiftType: true, hasFlow: true }, false)).toHaveLength(9);
    expect(liftCurrentCards({ hasLiftType: true, hasFlow: false }, false)).not.toContain('senseNotConnected');
  });

  it('keeps the dashboard’s restriction for client-light users and mechanics', () => {
    expect(liftCurrentCards({ hasLiftType: true, hasFlow: true }, true)).toEqual([
      'intercomUnavailable',
      'senseNotConnected',
    ]);
  });

  it('shows intercom availability only for a lift with a type', () => {
    const keys = (hasLiftType: boolean) => liftPeriodCards({ hasLiftType, hasFlow: false }).map((card) => card.key);
    expect(keys(true)).toContain('intercomAvailability');
    expect(keys(false)).not.toContain('intercomAvailability');
    expect(keys(false)).toEqual([
      'liftAvailability',
      'energy',
      'wasRejected',
      'inspectionExpired',
      'inspectionUnknown',
      'maintenanceVisits',
      'maintenanceBeforeInterval',
      'maintenanceOnInterval',
      'maintenanceAfterInterval',
      'maintenanceExpired',
      'entrapments',
      'timeToAcknowledge',
      'timeToFree',
      'falseAlarmShare',
      'unavailabilityEvents',
      'mtbf',
      'mttr',
    ]);
  });
});
