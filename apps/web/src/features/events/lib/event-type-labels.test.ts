import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { eventTypes } from '@liftwacht/contracts/event-types';

describe('event type labels', () => {
  it.each(['nl', 'en'])('every event type has a %s label', (language) => {
    const t = i18next.getFixedT(language, 'events');
    for (const type of eventTypes) {
      expect(i18next.exists(`events:types.${type}`, { lng: language, fallbackLng: false }), type).toBe(true);
      expect(t(`types.${type}`)).not.toBe(type);
    }
  });
});
