// Turning what a user typed into LIKE patterns. Case and accents are folded by the database's
// liftwacht_fold(), the same function that fills lifts.search_text, so both sides fold alike.

/** Escapes LIKE's wildcards so "10%" or "a_b" match literally (backslash is LIKE's escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` with the text's own wildcards escaped: a contains-match. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Most words a free-text search looks at; more only narrow an already specific search. */
export const maxSearchWords = 8;

/**
 * The words of a free-text search, each matched on its own so "kerkstraat utrecht" finds a lift
 * whose street and city are in different fields. Duplicates and blank input give nothing extra.
 */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  const words = search
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => w !== '');
  return [...new Set(words)].slice(0, maxSearchWords);
}
