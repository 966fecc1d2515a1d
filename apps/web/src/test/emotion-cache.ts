// The web's unit test files share one document and module registry (vitest isolate: false). Each
// file renders with an emotion cache of its own, and its styles leave the document with it: jsdom's
// getComputedStyle, which a role query calls for every element it considers, walks every style
// rule in the document, so styles left by earlier files would slow every later file down.
import createCache, { type EmotionCache } from '@emotion/cache';

let current: EmotionCache = createCache({ key: 'test' });

export function testEmotionCache(): EmotionCache {
  return current;
}

/** Removes the styles the last file inserted and starts the next file with an empty cache. */
export function renewTestEmotionCache(): void {
  current.sheet.flush();
  current = createCache({ key: 'test' });
}
