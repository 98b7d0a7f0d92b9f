/** A real SMTP server on loopback that keeps every mail it receives, parsed. */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
}

function toAddress(parsed: ParsedMail): string {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
}

export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  private waiters: Array<() => void> = [];
  /** While true, every mail is refused (an SMTP outage). */
  refuse = false;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuse) {
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('Service unavailable'), { responseCode: 421 })),
          );
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            this.mails.push({
              to: toAddress(parsed),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
              messageId: parsed.messageId ?? '',
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for a mail to `to` (and matching `subject`, if given) that has not been taken yet. */
  async waitFor(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(
        (mail) => mail.to === to.toLowerCase() && (!subject || subject.test(mail.subject)),
      );
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  mailsTo(to: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to === to.toLowerCase());
  }
}
