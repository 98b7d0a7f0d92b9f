/**
 * Slack channels (an incoming webhook): the message as Block Kit blocks with a `text` fallback
 * for notifications, kept within Slack's limits (SLACK_LIMITS) by cutting long texts; one
 * message a second per channel, as Slack allows. Text that is not ours is escaped as mrkdwn asks
 * (&, <, >), so a title cannot become a link or a mention.
 */
import { SLACK_LIMITS, WEBHOOK_MESSAGES } from '@keystone/contract';
import { type ChatContent, chatContent, cut, plainText } from './chatContent';
import type { KindFormatter } from './formatters';

export const CHAT_MIN_INTERVAL_MS = 1000;

const escapeMrkdwn = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Block = Record<string, unknown>;

const mrkdwnSection = (markdown: string): Block => ({
  type: 'section',
  text: { type: 'mrkdwn', text: cut(markdown, SLACK_LIMITS.sectionText) },
});

function blocksOf(content: ChatContent): Block[] {
  const blocks: Block[] = [
    {
      type: 'header',
      text: { type: 'plain_text', text: cut(content.title, SLACK_LIMITS.headerText), emoji: false },
    },
  ];
  if (content.text) blocks.push(mrkdwnSection(escapeMrkdwn(content.text)));
  if (content.facts.length > 0) {
    // A section's fields: at most ten, two columns wide.
    blocks.push({
      type: 'section',
      fields: content.facts.slice(0, 10).map((fact) => ({
        type: 'mrkdwn',
        text: `*${escapeMrkdwn(fact.title)}*\n${escapeMrkdwn(fact.value)}`,
      })),
    });
  }
  for (const list of content.lists) {
    const lines = list.items.length
      ? list.items.map((item) => `• ${escapeMrkdwn(item)}`)
      : [escapeMrkdwn(list.empty ?? '')];
    blocks.push(mrkdwnSection([`*${escapeMrkdwn(list.heading)}*`, ...lines].join('\n')));
  }
  if (content.link) {
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: cut(content.link.label, SLACK_LIMITS.buttonText), emoji: false },
          url: content.link.url.slice(0, SLACK_LIMITS.buttonUrl),
        },
      ],
    });
  }
  return blocks.slice(0, SLACK_LIMITS.blocks);
}

/** Slack's incoming webhooks live at https://hooks.slack.com/services/T…/B…/…. */
function isSlackWebhook(url: URL): boolean {
  return url.hostname === 'hooks.slack.com' && /^\/services\/[^/]+\/[^/]+\/[^/]+$/.test(url.pathname);
}

export const slackFormatter: KindFormatter = {
  body: (message) => {
    const content = chatContent(message.payload);
    return JSON.stringify({
      text: cut(plainText(content), SLACK_LIMITS.sectionText),
      blocks: blocksOf(content),
    });
  },
  headers: () => ({}),
  // With the operator's setting (tests, trials) a loopback stand-in takes Slack's place.
  addressProblem: (url, allowPrivate) =>
    allowPrivate || isSlackWebhook(url) ? null : WEBHOOK_MESSAGES.slackUrlInvalid,
  minIntervalMs: CHAT_MIN_INTERVAL_MS,
};
