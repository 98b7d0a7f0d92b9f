/**
 * Delivers one mail: over SMTP when SMTP_URL is set, otherwise as an .eml file under
 * DATA_DIR/mail with its first link logged, so a local set-up needs no mail server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailContent } from './layout';

export interface OutgoingMail extends MailContent {
  to: string;
  /** `<id@host>`, fixed when the mail is queued: sent twice (after a crash), it is the same mail. */
  messageId?: string;
}

export type SendMail = (mail: OutgoingMail) => Promise<void>;

export function createTransport(
  options: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: FastifyBaseLogger,
): { send: SendMail; close: () => void } {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transporter.sendMail({ from: options.mailFrom, ...mail });
      },
      close: () => transporter.close(),
    };
  }

  const folder = path.join(options.dataDir, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from: options.mailFrom, ...mail });
      mkdirSync(folder, { recursive: true });
      sequence += 1;
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${sequence}.eml`);
      writeFileSync(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      // Without SMTP the log is the only way to reach the link; that is the point of this mode.
      log.info({ file, to: mail.to, subject: mail.subject, link }, 'mail written to file (no SMTP_URL set)');
    },
    close: () => transporter.close(),
  };
}
