import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the mail carries (never logged: it holds a reset or invitation code). */
  link?: string;
  /** Extra headers (List-Unsubscribe of notification mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when a URL is configured; else each mail is an .eml file in the outbox folder. */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(opts.outboxDir, `${Date.now()}-${process.hrtime.bigint()}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // The link holds a reset or invitation code: it is in the file, never in the log.
      opts.log.info({ to: mail.to, subject: mail.subject, file }, `mail written to the outbox: ${file}`);
    },
  };
}
