import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

function outboxDir(): string {
  const dataDir = process.env.LIFTWACHT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('LIFTWACHT_E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dataDir, 'outbox');
}

/** Undoes quoted-printable soft line breaks and escapes, so a long link reads in one piece. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function mailsTo(address: string, since: number): { file: string; text: string }[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => ({ file, path: join(outboxDir(), file) }))
    .filter(({ path }) => statSync(path).mtimeMs >= since)
    .map(({ file, path }) => ({ file, text: decodeQuotedPrintable(readFileSync(path, 'utf8')) }))
    .filter(({ text }) => new RegExp(`^To:.*${address.replace(/[.]/g, '\\.')}`, 'im').test(text));
}

/** Waits for the reset mail sent to `address` after `since` and returns the link's path. */
export async function readResetLink(address: string, since: number): Promise<string> {
  let path = '';
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(address, since)) {
          const match = /https?:\/\/[^\s"'<>]+(\/password-reset\/[A-Za-z0-9_-]+)/.exec(mail.text);
          if (match?.[1]) {
            path = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a reset mail to ${address} in ${outboxDir()}` },
    )
    .toBe(true);
  return path;
}
