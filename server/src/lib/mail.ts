import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Where unsent mail is written when no SMTP server is configured; null with SMTP. */
  outboxDir: string | null;
}

/**
 * SMTP when `smtpUrl` is configured; otherwise every message is written as a standard .eml file to
 * the outbox folder, where a person (or a test) reads it.
 */
export function createMailTransport(opts: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
}): MailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      outboxDir: null,
      async send(message) {
        await smtp.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: opts.outboxDir,
    async send(message) {
      const info = await stream.sendMail({ from: opts.from, ...message });
      await mkdir(opts.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^\w.@-]/g, '_');
      await writeFile(join(opts.outboxDir, `${Date.now()}-${safeTo}.eml`), info.message as Buffer);
    },
  };
}
