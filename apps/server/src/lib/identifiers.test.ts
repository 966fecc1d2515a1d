import { describe, expect, it } from 'vitest';
import { looksLikeAny, normaliseIdentifier, usernameSkeleton } from './identifiers.ts';

describe('normaliseIdentifier', () => {
  it('gives every spelling of one name one value: case, fullwidth forms and the dotted capital I', () => {
    const spellings = ['demo-admin', 'DEMO-ADMIN', 'Demo-Admin', 'ｄｅｍｏ-ａｄｍｉｎ', 'demo-admİn', 'DEMO-ADMİN'];
    expect(new Set(spellings.map(normaliseIdentifier))).toEqual(new Set(['demo-admin']));
  });

  it('keeps other letters as they are, so a Cyrillic or dotless look-alike stays a different name', () => {
    expect(normaliseIdentifier('demo-аdmin')).not.toBe('demo-admin');
    expect(normaliseIdentifier('demo-admın')).not.toBe('demo-admin');
    expect(normaliseIdentifier('Jan.de.Vries@Example.NL')).toBe('jan.de.vries@example.nl');
  });
});

describe('usernameSkeleton', () => {
  it('gives look-alikes one skeleton: fullwidth, Cyrillic а, dotless ı, and rn for m', () => {
    const lookAlikes = ['demo-admin', 'ｄｅｍｏ-ａｄｍｉｎ', 'demo-аdmin', 'demo-admın', 'demo-adrnin', 'demo-admİn'];
    expect(new Set(lookAlikes.map(usernameSkeleton)).size).toBe(1);
  });

  it('tells names that read differently apart', () => {
    expect(usernameSkeleton('jan.de.vries')).not.toBe(usernameSkeleton('jan.de.vris'));
    expect(looksLikeAny('piet', ['jan', 'klaas'])).toBe(false);
    expect(looksLikeAny('kIaas', ['jan', 'klaas'])).toBe(false); // I folds to i, which is not an l
    expect(looksLikeAny('kłaas', ['jan', 'klaas'])).toBe(false);
    expect(looksLikeAny('јan', ['jan', 'klaas'])).toBe(true); // Cyrillic ј
  });
});
