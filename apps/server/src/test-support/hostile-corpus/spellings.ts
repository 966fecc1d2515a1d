// The spellings of issue 42 findings 6 and 7 for any username: those that are the same person
// (case, fullwidth forms, the dotted capital İ that PostgreSQL's lower() and JavaScript's
// toLowerCase() folded differently) and the look-alikes that are other letters (Cyrillic а,
// dotless ı), which read as the same name in lists and the audit log.

/** Letters and digits in their fullwidth forms (ｄｅｍｏ-ａｄｍｉｎ), punctuation as it is. */
const fullwidth = (text: string) =>
  Array.from(text)
    .map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0) : c))
    .join('');

/** Spellings that normalise to `username` itself: every one must reach the same account and counter. */
export function sameSpellings(username: string): string[] {
  const dotted = username.replace(/i/g, 'İ');
  const firstDotted = username.replace('i', 'İ');
  return [
    firstDotted,
    dotted,
    fullwidth(username),
    username.toUpperCase(),
    fullwidth(dotted),
    dotted.toUpperCase(),
  ].filter((s, i, all) => s !== username && all.indexOf(s) === i);
}

/** Look-alikes of `username` that are other letters: as a new username each must be refused. */
export function lookAlikes(username: string): { label: string; spelling: string }[] {
  return [
    { label: 'fullwidth', spelling: fullwidth(username) },
    { label: 'Cyrillic а', spelling: username.replace('a', '\u0430') },
    { label: 'dotless ı', spelling: username.replace(/i(?!.*i)/, '\u0131') },
  ].filter((s) => s.spelling !== username);
}
