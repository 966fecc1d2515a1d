// Signing secrets of webhook endpoints. The server computes an HMAC with each secret on every
// delivery, so it must be able to read it back: a one-way hash will not do. It is sealed instead
// (AES-256-GCM) under a key derived from JWT_SECRET, the secret every node of a deployment already
// shares and keeps outside the database (environment or DATA_DIR/jwt-secret, mode 600): a database
// dump, a backup or a read-only SQL hole alone reveals no webhook secret. A changed JWT_SECRET makes
// the stored secrets unreadable; deliveries then fail with that message until the secret is renewed.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const prefix = 'whsec_';
const version = 'v1';

/** A new secret: 32 random bytes, readable, with a prefix that tells what it is when it leaks into a log. */
export function generateWebhookSecret(): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export interface SecretSeal {
  seal(secret: string): string;
  /** The secret, or null when it was sealed under another key (JWT_SECRET changed) or is damaged. */
  open(sealed: string): string | null;
}

export function secretSeal(masterSecret: string): SecretSeal {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'liftwacht', 'webhook-secrets', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [version, iv.toString('base64url'), tag.toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== version || iv === undefined || tag === undefined || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
