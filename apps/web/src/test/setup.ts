// Vitest setup: DOM matchers, a desktop-sized matchMedia, every translation loaded, a clean
// browser storage + session for each test, and a clean document for each file (the files share one
// document and module registry: vitest.config.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { onUnauthorized } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { reloadSessionFromStorage } from '../lib/session/session-store.ts';
import { resetToastsForTests } from '../lib/toast.ts';
import { allNamespaces } from './all-namespaces.ts';
import { renewTestEmotionCache } from './emotion-cache.ts';
import { desktopMatchMedia } from './match-media.ts';

// jsdom has no matchMedia; answer like a desktop screen.
Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: desktopMatchMedia });

// Lazy pages are transformed on first use; give them time on a slow machine (npm test runs these
// beside the server's tests: at a load of 8 on two cores a first page took over 5 s).
configure({ asyncUtilTimeout: 15_000 });

await initI18n('nl');
await i18next.loadNamespaces(allNamespaces);
await i18next.loadLanguages('en');

beforeEach(async () => {
  localStorage.clear();
  reloadSessionFromStorage();
  onUnauthorized(() => undefined);
  queryClient.clear();
  if (i18next.language !== 'nl') await i18next.changeLanguage('nl');
  // "Only logged" diagnostics (spec §8) would clutter the test output.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

afterAll(() => {
  resetToastsForTests();
  renewTestEmotionCache();
  document.body.replaceChildren();
});
