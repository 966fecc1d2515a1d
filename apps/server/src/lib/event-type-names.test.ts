// One name per event type (docs/glossary.md): the mails and exports (notifications.json) and the PDF
// report (reports.json) must say exactly what the screens say (the web's events.json), for every
// code the contracts define, in both languages; the exports' call kinds and visit types likewise.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventTypes } from '@liftwacht/contracts/event-types';
import { catalogue, type ServerLanguage } from './server-i18n.ts';

const webLocale = (language: ServerLanguage, namespace: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'));
const screenNames = (language: ServerLanguage): Record<string, string> =>
  (webLocale(language, 'events') as { types: Record<string, string> }).types;

describe.each(['nl', 'en'] as const)('event type names in %s', (language) => {
  const screens = screenNames(language);
  const texts = catalogue(language);

  it('name every event type on the screens', () => {
    expect(Object.keys(screens).sort()).toEqual([...eventTypes].sort());
  });

  it('are the screens’ names in mails, exports and the PDF', () => {
    expect(texts.notifications.eventTypes).toEqual(screens);
    expect(texts.reports.eventTypes.labels).toEqual(screens);
  });
});

it('uses "buiten gebruik" for the out-of-service state', () => {
  expect(catalogue('nl').notifications.eventTypes.unavailable).toBe('Lift buiten gebruik');
  expect(catalogue('en').notifications.eventTypes.unavailable).toBe('Lift out of service');
});

describe.each(['nl', 'en'] as const)('call kinds and visit types in the exports in %s', (language) => {
  it('are the screens’ words', () => {
    const texts = catalogue(language);
    expect(texts.calls.export.kinds).toEqual((webLocale(language, 'calls') as { kinds: unknown }).kinds);
    expect(texts.visits.export.types).toEqual(
      (webLocale(language, 'lifts') as { visits: { types: unknown } }).visits.types,
    );
  });
});
