import { describe, expect, it } from 'vitest';
import { locales as contractLocales } from '@liftwacht/contracts/auth';
import { isLocale, locales, toLocale } from './i18n.ts';

describe('the locales the web offers', () => {
  it('are exactly the ones the contracts define', () => {
    expect([...locales]).toEqual([...contractLocales]);
  });

  it('narrows anything else to Dutch', () => {
    expect(isLocale('en-GB')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(toLocale('fr')).toBe('nl');
  });
});
