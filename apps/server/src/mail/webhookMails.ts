/** The mail saying the server switched a failing webhook endpoint off (words: contract WEBHOOK_DISABLED_MAIL). */
import { WEBHOOK_DISABLED_MAIL } from '@keystone/contract';
import { type MailContent, renderMail } from './layout';

export function webhookDisabledMail(options: {
  host: string;
  description: string;
  lastError: string;
  /** The settings page the endpoint is managed on. */
  link: string;
  forStrategy: boolean;
}): MailContent {
  return renderMail({
    subject: WEBHOOK_DISABLED_MAIL.subject(options.host),
    greeting: 'Hello,',
    paragraphs: [...WEBHOOK_DISABLED_MAIL.paragraphs(options.host, options.description, options.lastError)],
    action: { label: WEBHOOK_DISABLED_MAIL.action, url: options.link },
    footnote: options.forStrategy
      ? WEBHOOK_DISABLED_MAIL.footnoteStrategy
      : WEBHOOK_DISABLED_MAIL.footnoteOrganisation,
  });
}
