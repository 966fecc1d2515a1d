import { describe, expect, it } from 'vitest';
import { parseDetailsRoute, usesPeriod } from './details-route.ts';

describe('stats details route', () => {
  it('reads type and bounds, with "null" as an open upper bound', () => {
    expect(parseDetailsRoute({ type: 'visits' })).toEqual({ type: 'visits' });
    expect(parseDetailsRoute({ type: 'liftAvailability', lower: '0', upper: '0.98' })).toEqual({
      type: 'liftAvailability',
      lower: 0,
      upper: 0.98,
    });
    expect(parseDetailsRoute({ type: 'intercomAvailability', lower: '0.99', upper: 'null' })).toEqual({
      type: 'intercomAvailability',
      lower: 0.99,
    });
  });

  it('refuses unknown types and bounds outside 0–1', () => {
    expect(parseDetailsRoute({ type: 'nonsense' })).toBeNull();
    expect(parseDetailsRoute({ type: 'liftAvailability', lower: 'x' })).toBeNull();
    expect(parseDetailsRoute({ type: 'liftAvailability', lower: '0', upper: '2' })).toBeNull();
  });

  it('uses the period for period figures, and for inspections only in the period view', () => {
    expect(usesPeriod('liftAvailability', true)).toBe(true);
    expect(usesPeriod('maintenanceExpired', false)).toBe(true);
    expect(usesPeriod('approvalRejected', true)).toBe(false);
    expect(usesPeriod('approvalRejected', false)).toBe(true);
    expect(usesPeriod('senseNotConnected', false)).toBe(false);
  });
});
