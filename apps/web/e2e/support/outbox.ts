import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The shared server's outbox, or that of a server with the given data folder (own-server.ts). */
function outboxDir(dataDir = process.env.LIFTWACHT_E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('LIFTWACHT_E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dataDir, 'outbox');
}

/** Undoes quoted-printable soft line breaks and escapes, so a long link reads in one piece. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function mailsTo(address: string, since: number, dataDir?: string): { file: string; text: string }[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir(dataDir)).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => ({ file, path: join(outboxDir(dataDir), file) }))
    .filter(({ path }) => statSync(path).mtimeMs >= since)
    .map(({ file, path }) => ({ file, text: decodeQuotedPrintable(readFileSync(path, 'utf8')) }))
    .filter(({ text }) => new RegExp(`^To:.*${address.replace(/[.]/g, '\\.')}`, 'im').test(text));
}

/**
 * Waits for the reset (or invitation) mail sent to `address` after `since` and returns the link's
 * path; `dataDir` names another server's data folder than the shared one.
 */
export async function readResetLink(address: string, since: number, dataDir?: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(address, since, dataDir)) {
          const match = /https?:\/\/[^\s"'<>]+(\/password-reset\/[A-Za-z0-9_-]+)/.exec(mail.text);
          if (match?.[1]) {
            path = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a reset mail to ${address} in ${outboxDir(dataDir)}` },
    )
    .toBe(true);
  return path;
}
