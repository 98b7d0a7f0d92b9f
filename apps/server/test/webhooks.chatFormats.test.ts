/**
 * Slack and Teams messages checked against their published formats: Block Kit's block types and
 * limits for Slack (SLACK_LIMITS), and the Adaptive Card parsed and validated by Microsoft's own
 * `adaptivecards` library for Teams; the address each kind accepts.
 */
import {
  CHAT_MESSAGE_TEXTS,
  SLACK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookPayload,
} from '@keystone/contract';
import * as AdaptiveCards from 'adaptivecards';
import { describe, expect, it } from 'vitest';
import { slackFormatter } from '../src/modules/webhooks/slack';
import { teamsFormatter } from '../src/modules/webhooks/teams';

const LONG = 'A very long initiative title that goes on and on '.repeat(8);
const HOSTILE = '<!channel> *bold* [click](https://evil.example) <https://evil.example|here> & more';

function payload(type: string, data: Record<string, unknown> = {}): WebhookPayload {
  return {
    type,
    timestamp: '2026-10-19T07:00:00.000Z',
    data: {
      organisation_id: 1,
      strategy_id: 2,
      strategy_title: HOSTILE,
      due_date: '2026-10-19T09:00:00+02:00',
      time_zone: 'Europe/Berlin',
      url: 'https://keystone.example.com/progress-update/2',
      ...data,
    } as WebhookPayload['data'],
  };
}

const report = payload('progress.report', {
  report: {
    counts: [
      { status: 'OT', count: 7 },
      { status: 'BL', count: 2 },
    ],
    changes: Array.from({ length: 10 }, (_, index) => ({
      title: `${HOSTILE} ${LONG}${index}`,
      from: 'OT',
      to: 'BL',
    })),
    new_roadblocks: Array.from({ length: 10 }, (_, index) => `${LONG}${index}`),
    more: 14,
  },
});
const PAYLOADS = {
  report,
  firstReport: payload('progress.report', {
    report: { counts: [], changes: null, new_roadblocks: [], more: 0 },
  }),
  reminder: payload('progress.reminder'),
  test: payload(WEBHOOK_TEST_EVENT),
};
const message = (p: WebhookPayload) => ({
  messageId: 'msg_1',
  payload: p,
  appUrl: 'https://keystone.example.com',
});

const BLOCK_TYPES = new Set(['header', 'section', 'actions', 'context', 'divider']);

describe('Slack messages', () => {
  for (const [name, p] of Object.entries(PAYLOADS)) {
    it(`should keep the ${name} within Block Kit's types and limits, with a text fallback`, () => {
      const body = JSON.parse(slackFormatter.body(message(p)));
      expect(typeof body.text).toBe('string');
      expect(body.text.length).toBeGreaterThan(0);
      expect(body.text.length).toBeLessThanOrEqual(SLACK_LIMITS.text);
      expect(body.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
      for (const block of body.blocks) {
        expect(BLOCK_TYPES.has(block.type)).toBe(true);
        if (block.type === 'header') {
          expect(block.text.type).toBe('plain_text');
          expect([...block.text.text].length).toBeLessThanOrEqual(SLACK_LIMITS.headerText);
        }
        if (block.type === 'section') {
          if (block.text) expect([...block.text.text].length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
          expect(block.fields?.length ?? 0).toBeLessThanOrEqual(10);
          for (const field of block.fields ?? []) expect(field.text.length).toBeLessThanOrEqual(2000);
          // Text that is not ours cannot mention a channel or make a link.
          const shown = block.text?.text ?? '';
          expect(shown).not.toContain('<!channel>');
          expect(shown).not.toContain('<https://evil');
        }
        if (block.type === 'actions') {
          for (const button of block.elements) {
            expect(button.type).toBe('button');
            expect([...button.text.text].length).toBeLessThanOrEqual(SLACK_LIMITS.buttonText);
            expect(button.url.length).toBeLessThanOrEqual(SLACK_LIMITS.buttonUrl);
          }
        }
      }
      expect(slackFormatter.headers(message(p), '', null, new Date())).toEqual({});
    });
  }

  it('should say what the report says: counts, changes, roadblocks and how many more', () => {
    const body = JSON.parse(slackFormatter.body(message(report)));
    const all = JSON.stringify(body.blocks);
    expect(body.blocks[0].text.text).toMatch(/^Progress report: /);
    expect(all).toContain('*On Track*\\n7');
    expect(all).toContain('*Blocked*\\n2');
    expect(all).toContain(CHAT_MESSAGE_TEXTS.more(14));
    expect(all).toContain('&lt;!channel&gt;');
    expect(body.text).toContain('10/19/2026 at 09:00 AM');
    expect(body.blocks.at(-1)).toMatchObject({
      type: 'actions',
      elements: [{ url: 'https://keystone.example.com/progress-update/2' }],
    });
  });

  it('should accept only Slack incoming webhook addresses, unless the operator allows private targets', () => {
    const problem = (url: string, allowPrivate = false) =>
      slackFormatter.addressProblem(new URL(url), allowPrivate);
    expect(problem('https://hooks.slack.com/services/T000/B000/XXXXXXXX')).toBeNull();
    for (const url of [
      'https://hooks.slack.com/workflows/T000/A000/1/abc',
      'https://hooks.slack.com.evil.example/services/T000/B000/X',
      'https://evil.example/services/T000/B000/X',
      'https://hooks.slack.com/services/T000',
    ])
      expect(problem(url)).toBe(WEBHOOK_MESSAGES.slackUrlInvalid);
    expect(problem('http://127.0.0.1:8080/slack', true)).toBeNull();
    expect(slackFormatter.minIntervalMs).toBe(1000);
  });
});

function parseCard(content: unknown) {
  const card = new AdaptiveCards.AdaptiveCard();
  const context = new AdaptiveCards.SerializationContext();
  card.parse(content, context);
  const problems = Array.from(
    { length: context.eventCount },
    (_, index) => context.getEventAt(index).message,
  );
  const validation = card.validateProperties();
  problems.push(...validation.validationEvents.map((event) => event.message));
  return { card, problems };
}

describe('Teams messages', () => {
  for (const [name, p] of Object.entries(PAYLOADS)) {
    it(`should send the ${name} as one Adaptive Card that Microsoft's library parses without a problem`, () => {
      const body = JSON.parse(teamsFormatter.body(message(p)));
      expect(body.type).toBe('message');
      expect(body.attachments).toHaveLength(1);
      const [attachment] = body.attachments;
      expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
      expect(attachment.content.type).toBe('AdaptiveCard');
      expect(attachment.content.version).toBe('1.4');
      const { card, problems } = parseCard(attachment.content);
      expect(problems).toEqual([]);
      expect(card.getItemCount()).toBe(attachment.content.body.length);
    });
  }

  it('should escape the Markdown of texts that are not ours, and link back to the page', () => {
    const content = JSON.parse(teamsFormatter.body(message(report))).attachments[0].content;
    expect(content.body[0]).toMatchObject({ type: 'TextBlock', size: 'Large', weight: 'Bolder', wrap: true });
    expect(JSON.stringify(content.body)).not.toContain('[click](https');
    expect(content.body[0].text).toContain('\\[click\\]');
    expect(content.body.find((element: { type: string }) => element.type === 'FactSet').facts).toEqual([
      { title: 'On Track', value: '7' },
      { title: 'Blocked', value: '2' },
    ]);
    expect(content.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: CHAT_MESSAGE_TEXTS.openReport,
        url: 'https://keystone.example.com/progress-update/2',
      },
    ]);
  });

  it('should accept only Teams workflow addresses, unless the operator allows private targets', () => {
    const problem = (url: string, allowPrivate = false) =>
      teamsFormatter.addressProblem(new URL(url), allowPrivate);
    expect(
      problem(
        'https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x',
      ),
    ).toBeNull();
    expect(
      problem(
        'https://default0a1b.2c.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/abc',
      ),
    ).toBeNull();
    for (const url of [
      'https://logic.azure.com.evil.example/workflows/abc',
      'https://evil.example/workflows/abc',
      'https://outlook.office.com/webhook/abc',
      'https://prod-12.westeurope.logic.azure.com:8443/workflows/abc',
    ])
      expect(problem(url)).toBe(WEBHOOK_MESSAGES.teamsUrlInvalid);
    expect(problem('http://127.0.0.1:8080/teams', true)).toBeNull();
  });
});
