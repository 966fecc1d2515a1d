import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, maxSearchWords, searchWords } from './search-terms.ts';

describe('search terms', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('10%_a\\b')).toBe('10\\%\\_a\\\\b');
    expect(containsPattern('kerk%')).toBe('%kerk\\%%');
  });

  it('splits a search into distinct words and ignores blank input', () => {
    expect(searchWords('  Kerkstraat   12 Utrecht ')).toEqual(['Kerkstraat', '12', 'Utrecht']);
    expect(searchWords('a a b')).toEqual(['a', 'b']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('1 2 3 4 5 6 7 8 9 10')).toHaveLength(maxSearchWords);
  });
});
