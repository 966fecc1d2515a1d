/** The trimmed text, or undefined when there is none, so `nonBlank(x) ?? fallback` reads well. */
export function nonBlank(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
