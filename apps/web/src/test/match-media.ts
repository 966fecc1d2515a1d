/** A matchMedia for jsdom that answers every query with `matches(query)`. */
export function fakeMatchMedia(matches: (query: string) => boolean): (query: string) => MediaQueryList {
  return (query) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

/** Desktop: min-width queries match, so the permanent menu shows. */
export const desktopMatchMedia = fakeMatchMedia((query) => query.includes('min-width'));
