/** The sponsor approval request (spec §4): a link to the charter for each sponsor to read and approve. */
import { PRODUCT_NAME } from '@keystone/contract';
import { type MailContent, renderMail } from './layout';
import { mailName } from './names';

export function approvalRequestMail(options: {
  requesterName: string;
  initiativeTitle: string;
  strategyTitle: string;
  link: string;
}): MailContent {
  const initiative = options.initiativeTitle || 'an initiative';
  const strategy = options.strategyTitle || 'Untitled Strategy';
  return renderMail({
    subject: `Please approve the charter of ${initiative}`,
    greeting: 'Hello,',
    paragraphs: [
      `${mailName(options.requesterName, 'A colleague')} asks you to review and approve the charter of "${initiative}" in the strategy "${strategy}".`,
      `Open the charter in ${PRODUCT_NAME}, read it through, and tick the approval box when you agree with it.`,
    ],
    action: { label: 'Review the charter', url: options.link },
    footnote: 'You receive this because you are a sponsor of the initiative or a master of its strategy.',
  });
}
