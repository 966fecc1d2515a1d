// Error messages may quote what a client sent (a path, an unknown key), but only a short excerpt:
// a hostile 10 KB path or 100 KB field must not come back in full, nor fill the logs.

export const maxExcerptLength = 120;

/** The first characters of text, with an ellipsis when it was longer. */
export function excerpt(text: string, max = maxExcerptLength): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
