/**
 * Microsoft Teams channels (a Workflows webhook: "Post to a channel when a webhook request is
 * received"): a message with one Adaptive Card (version 1.4, which Teams renders) attachment.
 * Texts that are not ours are escaped for the card's Markdown subset, so a title cannot become a
 * link; paced like Slack, one message a second per channel.
 */
import { WEBHOOK_MESSAGES } from '@keystone/contract';
import { type ChatContent, chatContent } from './chatContent';
import type { KindFormatter } from './formatters';
import { CHAT_MIN_INTERVAL_MS } from './slack';

const ADAPTIVE_CARD_VERSION = '1.4';

/** Backslash before the characters the card's Markdown makes emphasis, code or links of. */
const escapeMarkdown = (value: string) => value.replace(/([\\`*_[\]])/g, '\\$1');

type Element = Record<string, unknown>;

const textBlock = (text: string, extra: Element = {}): Element => ({
  type: 'TextBlock',
  text,
  wrap: true,
  ...extra,
});

function cardOf(content: ChatContent): Element {
  const body: Element[] = [textBlock(escapeMarkdown(content.title), { size: 'Large', weight: 'Bolder' })];
  if (content.text) body.push(textBlock(escapeMarkdown(content.text)));
  if (content.facts.length > 0)
    body.push({
      type: 'FactSet',
      facts: content.facts.map((fact) => ({
        title: escapeMarkdown(fact.title),
        value: escapeMarkdown(fact.value),
      })),
    });
  for (const list of content.lists) {
    body.push(textBlock(escapeMarkdown(list.heading), { weight: 'Bolder', spacing: 'Medium' }));
    const lines = list.items.length
      ? list.items.map((item) => `- ${escapeMarkdown(item)}`)
      : [escapeMarkdown(list.empty ?? '')];
    // A Markdown list: one item per line, as the card's TextBlock reads lists.
    body.push(textBlock(lines.join('\r')));
  }
  return {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: ADAPTIVE_CARD_VERSION,
    body,
    ...(content.link && {
      actions: [{ type: 'Action.OpenUrl', title: content.link.label, url: content.link.url }],
    }),
  };
}

/**
 * Workflows' webhook addresses: Power Automate's (…environment.api.powerplatform.com) and the
 * older Logic Apps ones (prod-NN.REGION.logic.azure.com), both https on the default port.
 */
function isTeamsWorkflow(url: URL): boolean {
  return /(^|\.)(logic\.azure\.com|api\.powerplatform\.com)$/.test(url.hostname) && url.port === '';
}

export const teamsFormatter: KindFormatter = {
  body: (message) =>
    JSON.stringify({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: cardOf(chatContent(message.payload)),
        },
      ],
    }),
  headers: () => ({}),
  addressProblem: (url, allowPrivate) =>
    allowPrivate || isTeamsWorkflow(url) ? null : WEBHOOK_MESSAGES.teamsUrlInvalid,
  minIntervalMs: CHAT_MIN_INTERVAL_MS,
};
