import { describe, expect, it } from 'vitest';
import { createBody, emptyWebhookForm, toggleKind, updateBody } from './webhook-form.ts';

describe('webhook form', () => {
  it('sends what the contract takes, and names the fields it refuses', () => {
    expect(createBody({ ...emptyWebhookForm, url: ' https://hooks.example.nl/lw ' }, false)).toEqual({
      ok: true,
      body: {
        url: 'https://hooks.example.nl/lw',
        description: '',
        kinds: ['call.received', 'call.acknowledged', 'call.ended'],
        enabled: true,
      },
    });
    const refused = createBody({ ...emptyWebhookForm, url: 'hooks', kinds: [] }, true);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect([...refused.invalid].sort()).toEqual(['kinds', 'organisationId', 'url']);
    expect(createBody({ ...emptyWebhookForm, url: 'https://a.nl', organisationId: '4' }, true)).toMatchObject({
      ok: true,
      body: { organisationId: 4 },
    });
  });

  it('keeps the kinds in the order of the list', () => {
    expect(toggleKind(['event.closed'], 'call.received', true)).toEqual(['call.received', 'event.closed']);
    expect(toggleKind(['call.received', 'event.closed'], 'call.received', false)).toEqual(['event.closed']);
  });

  it('edits with the version it started from', () => {
    expect(updateBody({ ...emptyWebhookForm, url: 'https://a.nl/x', enabled: false }, 3)).toMatchObject({
      ok: true,
      body: { url: 'https://a.nl/x', enabled: false, version: 3 },
    });
  });
});
