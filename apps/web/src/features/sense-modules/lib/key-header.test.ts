// The key dialog names the ingest header from the locale files rather than importing the ingest
// contract, which would cost the login route a chunk name in the entry's preload map; this keeps
// the text equal to the contract.
import { describe, expect, it } from 'vitest';
import { moduleKeyHeader } from '@liftwacht/contracts/ingest';
import en from '../../../locales/en/sense-modules.json';
import nl from '../../../locales/nl/sense-modules.json';

describe('the key dialog header name', () => {
  it('is the ingest contract header in both languages', () => {
    expect(nl.key.headerName).toBe(moduleKeyHeader);
    expect(en.key.headerName).toBe(moduleKeyHeader);
  });
});
