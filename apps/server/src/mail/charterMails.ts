/** Charter mails (spec §4): the approval request, the approval itself, and an approval withdrawn by an edit. */
import { PRODUCT_NAME, STRATEGY_MESSAGES } from '@keystone/contract';
import { type MailContent, renderMail } from './layout';
import { mailName } from './names';

/** How a charter mail names its initiative and strategy when either has no title yet. */
function titlesOf(options: { initiativeTitle: string; strategyTitle: string }) {
  return {
    initiative: options.initiativeTitle || 'an initiative',
    strategy: options.strategyTitle || STRATEGY_MESSAGES.untitledStrategy,
  };
}

export function approvalRequestMail(options: {
  requesterName: string;
  initiativeTitle: string;
  strategyTitle: string;
  link: string;
}): MailContent {
  const { initiative, strategy } = titlesOf(options);
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

/** The owners hear that the sponsor approved the charter. */
export function charterApprovedMail(options: {
  approverName: string;
  initiativeTitle: string;
  strategyTitle: string;
  link: string;
}): MailContent {
  const { initiative, strategy } = titlesOf(options);
  return renderMail({
    subject: `The charter of ${initiative} is approved`,
    greeting: 'Hello,',
    paragraphs: [
      `${mailName(options.approverName, 'A sponsor')} approved the charter of "${initiative}" in the strategy "${strategy}".`,
      'The approval covers the charter as it is now: a later change of a charter field or of the timeline withdraws it, and the sponsors are told.',
    ],
    action: { label: 'Open the charter', url: options.link },
    footnote: 'You receive this because you are an owner of the initiative.',
  });
}

/** The sponsors hear that an edit withdrew the approval: who changed which parts. */
export function approvalWithdrawnMail(options: {
  editorName: string;
  /** Whose approval it was, when known. */
  approverName: string | null;
  /** The changed parts in words ("Impact and Timeline"), from the contract's labels. */
  parts: string;
  initiativeTitle: string;
  strategyTitle: string;
  link: string;
}): MailContent {
  const { initiative, strategy } = titlesOf(options);
  const approval = options.approverName
    ? `the approval given by ${mailName(options.approverName, 'a sponsor')}`
    : 'its approval';
  return renderMail({
    subject: `The charter of ${initiative} changed: approval withdrawn`,
    greeting: 'Hello,',
    paragraphs: [
      `${mailName(options.editorName, 'A colleague')} changed ${options.parts} in the charter of "${initiative}" in the strategy "${strategy}". The charter no longer reads as it did when it was approved, so ${approval} has been withdrawn.`,
      `Open the charter in ${PRODUCT_NAME} to read what changed. The owner can ask for your approval again.`,
    ],
    action: { label: 'Open the charter', url: options.link },
    footnote: 'You receive this because you are a sponsor of the initiative or a master of its strategy.',
  });
}
