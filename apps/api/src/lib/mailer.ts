import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface OutboxEntry extends Mail {
  id: number;
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Present only on the development outbox. */
  outbox?: () => OutboxEntry[];
  close(): Promise<void>;
}

/** `smtp`: SMTP_URL, or nodemailer's options (the tests' kept connection to their catcher). */
export function createSmtpMailer(smtp: string | SMTPPool.Options, from: string): Mailer {
  const transport = nodemailer.createTransport(smtp);
  return {
    async send(mail) {
      // Quoted-printable keeps codes and links readable in the raw message.
      await transport.sendMail({ from, ...mail, textEncoding: 'quoted-printable' });
    },
    async close() {
      transport.close();
    },
  };
}

const OUTBOX_SIZE = 100;

/** Development outbox: keeps the last mails in memory for the /dev/mail page; the log line names no recipient or content. */
export function createOutboxMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const entries: OutboxEntry[] = [];
  let nextId = 1;
  return {
    async send(mail) {
      const entry = { ...mail, id: nextId++, sentAt: new Date().toISOString() };
      entries.unshift(entry);
      entries.length = Math.min(entries.length, OUTBOX_SIZE);
      log.info({ mailId: entry.id }, 'mail kept in the development outbox, open /dev/mail to read it');
    },
    outbox: () => [...entries],
    async close() {},
  };
}
