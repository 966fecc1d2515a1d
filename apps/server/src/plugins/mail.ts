// Outgoing mail: over SMTP when SMTP_URL is set, otherwise one .eml file per mail in
// DATA_DIR/outbox, so a fresh install can read its reset mails without a mail server.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as Nodemailer from 'nodemailer';
import { lazyModule } from '../lib/lazy-module.ts';

// Loaded with the first mail (lib/lazy-module.ts), not at every start.
const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | undefined; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    let transport: Nodemailer.Transporter | undefined;
    return {
      send: async (mail) => {
        transport ??= nodemailer().createTransport(options.smtpUrl);
        await transport.sendMail({ from: options.from, ...toNodemailer(mail) });
      },
      close: () => transport?.close(),
    };
  }
  let transport: Nodemailer.Transporter<{ message: unknown }> | undefined;
  return {
    send: async (mail) => {
      transport ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: options.from, ...toNodemailer(mail) });
      await mkdir(options.outboxDir, { recursive: true });
      // Sortable by time; the random part keeps two mails in one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
    close: () => transport?.close(),
  };
}

/** nodemailer wants Buffers for attachment content. */
function toNodemailer(mail: Mail) {
  const { attachments, ...rest } = mail;
  if (!attachments?.length) return rest;
  return {
    ...rest,
    attachments: attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
  };
}
