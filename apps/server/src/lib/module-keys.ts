// Module keys for POST /liftwacht/ingest: `{es}.{secret}`, the secret 192 random bits. Only a hash
// is stored (modules.key_hash). The secret is long and random, so a plain SHA-256 is as good as a
// slow password hash here and costs nothing per request.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ModuleKey {
  /** What the module sends in the x-module-key header; shown once. */
  key: string;
  /** What modules.key_hash stores. */
  hash: string;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function generateModuleKey(esNumber: string): ModuleKey {
  const secret = randomBytes(24).toString('base64url');
  return { key: `${esNumber}.${secret}`, hash: `sha256:${hashSecret(secret)}` };
}

/** Splits a header value into module number and secret; null when it cannot be a key. */
export function splitModuleKey(value: string | undefined): { esNumber: string; secret: string } | null {
  if (!value || value.length > 200) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0 || dot === value.length - 1) return null;
  return { esNumber: value.slice(0, dot), secret: value.slice(dot + 1) };
}

export function moduleKeyMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash?.startsWith('sha256:')) return false;
  const expected = Buffer.from(storedHash.slice('sha256:'.length), 'hex');
  const actual = Buffer.from(hashSecret(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
