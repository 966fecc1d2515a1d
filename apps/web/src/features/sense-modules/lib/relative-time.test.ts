import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('formatRelativeTime', () => {
  it('uses the largest whole unit, in the given language', () => {
    expect(formatRelativeTime('2026-11-25T11:57:00Z', now, 'nl')).toBe('3 minuten geleden');
    expect(formatRelativeTime('2026-11-25T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-23T12:00:00Z', now, 'en')).toBe('2 days ago');
    expect(formatRelativeTime('2026-11-25T11:59:50Z', now, 'en')).toBe('10 seconds ago');
  });
});
