import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@keystone/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../src/api/queryClient';
import { saveSession } from '../src/api/session';
import { WebhooksSection } from '../src/components/webhooks/WebhooksSection';
import { theme } from '../src/theme';
import { startServer } from './organisationFixtures';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';

// The section loads lazily on /organisation: importing it up front keeps that out of the first test's time.
beforeAll(async () => {
  await Promise.all([
    import('../src/routes/organisation/OrganisationPage'),
    import('../src/components/webhooks/WebhooksSection'),
  ]);
});

const endpoint = (id: number, fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  kind: 'standard',
  strategy_id: null,
  description: 'Finance dashboard',
  url: 'https://hooks.finance.example/keystone',
  events: ['initiative.status_changed', 'progress.locked'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_until: null,
  created_at: '2026-11-20T09:00:00Z',
  created_by: { id: 7, name: 'Anna Smith', email: 'anna@example.com' },
  ...fields,
});

const delivery = (id: number, fields: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  message_id: `msg_${id}`,
  event_type: 'initiative.status_changed',
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  created_at: '2026-11-27T09:00:00Z',
  last_attempt_at: '2026-11-27T09:00:01Z',
  next_attempt_at: null,
  delivered_at: '2026-11-27T09:00:01Z',
  ...fields,
});

/** The organisation page with its webhooks section, found once it has loaded. */
async function openOrganisation(answers: Record<string, FakeAnswer>) {
  const server = startServer(true, answers);
  renderApp('/organisation');
  await screen.findByRole('button', { name: WEBHOOK_LABELS.add }, { timeout: 10_000 });
  return server;
}

/** A text field by the start of its label (a required field's adds an asterisk). */
const textbox = (form: ReturnType<typeof within>, label: string) =>
  form.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });

const posts = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.method !== 'GET' && call.path === path).map((call) => call.body);

describe('/organisation: webhooks', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  it('should list each endpoint with its kind, address, events and state, and since when it fails', async () => {
    await openOrganisation({
      'GET /api/organisation/webhooks/': ok([
        endpoint(1),
        endpoint(2, {
          description: '',
          url: 'https://ops.example/hook',
          events: ['member.joined'],
          failing_since: '2026-11-25T08:00:00Z',
        }),
        endpoint(3, { description: 'Old tool', enabled: false, disabled_reason: 'failing' }),
      ]),
    });
    const list = screen.getByRole('list', { name: WEBHOOK_LABELS.endpointsList });
    const [finance, ops, old] = within(list).getAllByRole('listitem') as HTMLElement[];
    const card = within(finance as HTMLElement);
    expect(card.getByRole('heading', { name: 'Finance dashboard' })).toBeTruthy();
    expect(card.getByText(new RegExp(WEBHOOK_KIND_LABELS.standard.replace(/[()]/g, '\\$&')))).toBeTruthy();
    expect(card.getByText(/hooks\.finance\.example\/keystone/)).toBeTruthy();
    expect(card.getByText(new RegExp(WEBHOOK_EVENT_LABELS['initiative.status_changed']))).toBeTruthy();
    expect(card.getByText(WEBHOOK_LABELS.on)).toBeTruthy();
    expect(
      within(ops as HTMLElement).getByRole('heading', { name: 'https://ops.example/hook' }),
    ).toBeTruthy();
    expect(within(ops as HTMLElement).getByText(/^Failing since /)).toBeTruthy();
    expect(within(old as HTMLElement).getByText(WEBHOOK_LABELS.offFailing)).toBeTruthy();
    expect(
      within(old as HTMLElement).getByRole('button', { name: WEBHOOK_LABELS.switchOnButton('Old tool') }),
    ).toBeTruthy();
  }, 30_000);

  it('should check the form, add an endpoint with grouped events, and show its secret once', async () => {
    const endpoints: WebhookEndpoint[] = [];
    const { calls } = await openOrganisation({
      'GET /api/organisation/webhooks/': () => ok(endpoints),
      'POST /api/organisation/webhooks/': ({ body }) => {
        const created = endpoint(4, body as Partial<WebhookEndpoint>);
        endpoints.push(created);
        return {
          status: 201,
          body: {
            detail: WEBHOOK_MESSAGES.created,
            endpoint: created,
            secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5',
          },
        };
      },
    });
    expect(screen.getByText(WEBHOOK_LABELS.none)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: WEBHOOK_LABELS.add }));
    const form = within(await screen.findByRole('form', { name: WEBHOOK_LABELS.addHeading }));
    // The organisation's endpoints are signed webhooks: no kind to choose, no chat messages offered.
    expect(form.queryByRole('radio')).toBeNull();
    expect(form.queryByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['progress.report'] })).toBeNull();
    const url = textbox(form, WEBHOOK_LABELS.urlField);
    await waitFor(() => expect(document.activeElement).toBe(url));

    fireEvent.click(form.getByRole('button', { name: WEBHOOK_LABELS.create }));
    expect(await form.findByText(WEBHOOK_MESSAGES.urlRequired)).toBeTruthy();
    expect(form.getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeTruthy();
    expect(posts(calls, '/api/organisation/webhooks/')).toEqual([]);

    fireEvent.change(url, { target: { value: 'https://hooks.finance.example/keystone' } });
    fireEvent.change(textbox(form, WEBHOOK_LABELS.descriptionField), {
      target: { value: 'Finance dashboard' },
    });
    const initiatives = within(form.getByRole('group', { name: 'Initiatives' }));
    fireEvent.click(
      initiatives.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['initiative.status_changed'] }),
    );
    const progress = within(form.getByRole('group', { name: 'Progress' }));
    fireEvent.click(progress.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['progress.locked'] }));
    fireEvent.click(form.getByRole('button', { name: WEBHOOK_LABELS.create }));

    const shown = within(await screen.findByRole('region', { name: WEBHOOK_LABELS.newSecret }));
    expect(shown.getByText('whsec_c2VjcmV0LXNpZ25pbmcta2V5')).toBeTruthy();
    expect(shown.getByText(WEBHOOK_LABELS.secretWarning)).toBeTruthy();
    expect(shown.getByRole('button', { name: WEBHOOK_LABELS.copySecret })).toBeTruthy();
    expect(posts(calls, '/api/organisation/webhooks/')).toEqual([
      {
        kind: 'standard',
        url: 'https://hooks.finance.example/keystone',
        description: 'Finance dashboard',
        events: ['initiative.status_changed', 'progress.locked'],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Finance dashboard' })).toBeTruthy();
    fireEvent.click(shown.getByRole('button', { name: WEBHOOK_LABELS.secretSaved }));
    await waitFor(() => expect(screen.queryByText('whsec_c2VjcmV0LXNpZ25pbmcta2V5')).toBeNull());
  }, 30_000);

  it('should show the server’s refusal of an address at its field', async () => {
    await openOrganisation({
      'POST /api/organisation/webhooks/': {
        status: 400,
        body: { detail: WEBHOOK_MESSAGES.urlPrivate, errors: { url: [WEBHOOK_MESSAGES.urlPrivate] } },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: WEBHOOK_LABELS.add }));
    const form = within(await screen.findByRole('form', { name: WEBHOOK_LABELS.addHeading }));
    const url = textbox(form, WEBHOOK_LABELS.urlField);
    fireEvent.change(url, { target: { value: 'https://169.254.169.254/latest' } });
    fireEvent.click(form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['strategy.created'] }));
    fireEvent.click(form.getByRole('button', { name: WEBHOOK_LABELS.create }));
    expect(await form.findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(url));
  }, 30_000);

  it('should edit, switch off, rotate the secret and delete only after asking', async () => {
    let current = endpoint(1);
    const { calls } = await openOrganisation({
      'GET /api/organisation/webhooks/': () => ok(current ? [current] : []),
      'PATCH /api/webhooks/1/': ({ body }) => {
        current = { ...current, ...(body as Partial<WebhookEndpoint>) };
        return ok({ detail: WEBHOOK_MESSAGES.saved, endpoint: current });
      },
      'POST /api/webhooks/1/rotate-secret/': () => {
        current = { ...current, previous_secret_until: '2026-11-29T09:00:00Z' };
        return ok({
          detail: WEBHOOK_MESSAGES.secretRotated(24),
          secret: 'whsec_bmV3LXNlY3JldA==',
          endpoint: current,
        });
      },
      'DELETE /api/webhooks/1/': () => ok({ detail: WEBHOOK_MESSAGES.deleted }),
    });
    fireEvent.click(screen.getByRole('button', { name: WEBHOOK_LABELS.editButton('Finance dashboard') }));
    const form = within(
      await screen.findByRole('form', { name: WEBHOOK_LABELS.editHeading('Finance dashboard') }),
    );
    fireEvent.change(textbox(form, WEBHOOK_LABELS.descriptionField), {
      target: { value: 'Finance' },
    });
    fireEvent.click(form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['progress.locked'] }));
    fireEvent.click(form.getByRole('button', { name: WEBHOOK_LABELS.save }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.saved)).toBeTruthy();
    // Back from the form, the keyboard goes on where it was.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: WEBHOOK_LABELS.editButton('Finance') }),
      ),
    );
    // The address did not change, so it is not sent (the server checks a new one again).
    expect(posts(calls, '/api/webhooks/1/')).toEqual([
      { description: 'Finance', events: ['initiative.status_changed'] },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: WEBHOOK_LABELS.switchOffButton('Finance') }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.disabled)).toBeTruthy();
    expect(posts(calls, '/api/webhooks/1/').at(-1)).toEqual({ enabled: false });
    expect(await screen.findByText(WEBHOOK_LABELS.off)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: WEBHOOK_LABELS.rotateButton('Finance') }));
    const rotate = await screen.findByRole('dialog', { name: WEBHOOK_LABELS.confirmRotateTitle('Finance') });
    expect(rotate.textContent).toContain(`${WEBHOOK_SECRET_OVERLAP_HOURS} hours`);
    expect(posts(calls, '/api/webhooks/1/rotate-secret/')).toEqual([]);
    fireEvent.click(within(rotate).getByRole('button', { name: WEBHOOK_LABELS.rotate }));
    const shown = within(await screen.findByRole('region', { name: WEBHOOK_LABELS.newSecret }));
    expect(shown.getByText('whsec_bmV3LXNlY3JldA==')).toBeTruthy();
    expect(shown.getByText(WEBHOOK_MESSAGES.secretRotated(24))).toBeTruthy();
    expect(await screen.findByText(/^The old secret also signs until /)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: WEBHOOK_LABELS.removeButton('Finance') }));
    const remove = await screen.findByRole('dialog', { name: WEBHOOK_LABELS.confirmRemoveTitle('Finance') });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    current = undefined as unknown as WebhookEndpoint;
    fireEvent.click(within(remove).getByRole('button', { name: WEBHOOK_LABELS.remove }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.deleted)).toBeTruthy();
    expect(await screen.findByText(WEBHOOK_LABELS.none)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: WEBHOOK_LABELS.add })),
    );
  }, 30_000);

  it('should send a test event and show the delivery log, send one again and page back', async () => {
    const { calls } = await openOrganisation({
      'GET /api/organisation/webhooks/': ok([endpoint(1, { failing_since: '2026-11-27T09:00:00Z' })]),
      'POST /api/webhooks/1/test/': { status: 201, body: { detail: WEBHOOK_MESSAGES.testQueued } },
      'GET /api/webhooks/1/deliveries/': ok({
        deliveries: [
          delivery(12, {
            event_type: 'webhook.test',
            status: 'failed',
            attempts: 10,
            last_status_code: 500,
            last_error: 'The receiver answered 500.',
            delivered_at: null,
          }),
          delivery(11, {
            status: 'pending',
            attempts: 1,
            last_status_code: 503,
            last_error: 'The receiver answered 503.',
            next_attempt_at: '2026-11-27T09:05:00Z',
            delivered_at: null,
          }),
        ],
        next_before: 11,
      }),
      'GET /api/webhooks/1/deliveries/?before=11': ok({ deliveries: [delivery(3)], next_before: null }),
      'POST /api/webhook-deliveries/12/resend/': ok({ detail: WEBHOOK_MESSAGES.resendQueued }),
    });
    fireEvent.click(screen.getByRole('button', { name: WEBHOOK_LABELS.testButton('Finance dashboard') }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testQueued)).toBeTruthy();
    const table = await screen.findByRole('table', { name: WEBHOOK_LABELS.logTable('Finance dashboard') });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.querySelector('td')?.textContent ?? null)).toEqual([
      null,
      `${WEBHOOK_LABELS.testEvent}msg_12`,
      `${WEBHOOK_EVENT_LABELS['initiative.status_changed']}msg_11`,
    ]);
    const failed = within(rows[1] as HTMLElement);
    expect(failed.getByText(WEBHOOK_DELIVERY_STATUS_LABELS.failed)).toBeTruthy();
    expect(failed.getByText('The receiver answered 500.')).toBeTruthy();
    expect(failed.getByText('500')).toBeTruthy();
    const pending = within(rows[2] as HTMLElement);
    expect(pending.getByText(WEBHOOK_DELIVERY_STATUS_LABELS.pending)).toBeTruthy();
    // A delivery still being tried is not sent again by hand.
    expect(pending.queryByRole('button')).toBeNull();
    expect(screen.getByText(/^Failing since /)).toBeTruthy();

    fireEvent.click(
      failed.getByRole('button', {
        name: new RegExp(`^${WEBHOOK_LABELS.resend}: ${WEBHOOK_LABELS.testEvent}`),
      }),
    );
    expect(await screen.findByText(WEBHOOK_MESSAGES.resendQueued)).toBeTruthy();
    expect(posts(calls, '/api/webhook-deliveries/12/resend/')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: WEBHOOK_LABELS.showOlder }));
    expect(await within(table).findByText('msg_3')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: WEBHOOK_LABELS.showOlder })).toBeNull());
  }, 30_000);
});

describe('a strategy’s webhooks, Slack and Teams', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  function renderSection(answers: Record<string, FakeAnswer>) {
    const server = fakeServer(answers);
    render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={createQueryClient()}>
          <WebhooksSection
            owner={{ strategyId: 5 }}
            intro={WEBHOOK_LABELS.strategyIntro}
            kinds={['standard', 'slack', 'teams']}
          />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    return server;
  }

  it('should offer only the chat messages for a Slack channel and add it without a secret', async () => {
    const endpoints: WebhookEndpoint[] = [];
    const { calls } = renderSection({
      'GET /api/strategy/5/webhooks/': () => ok(endpoints),
      'POST /api/strategy/5/webhooks/': ({ body }) => {
        const created = endpoint(6, {
          ...(body as Partial<WebhookEndpoint>),
          url: 'hooks.slack.com',
          strategy_id: 5,
        });
        endpoints.push(created);
        return {
          status: 201,
          body: { detail: WEBHOOK_MESSAGES.chatCreated, endpoint: created, secret: null },
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: WEBHOOK_LABELS.add }));
    const form = within(await screen.findByRole('form', { name: WEBHOOK_LABELS.addHeading }));
    expect(form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['comment.written'] })).toBeTruthy();
    fireEvent.click(form.getByRole('radio', { name: WEBHOOK_KIND_LABELS.slack }));
    expect(form.queryByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['comment.written'] })).toBeNull();
    const report = form.getByRole('checkbox', {
      name: WEBHOOK_EVENT_LABELS['progress.report'],
    }) as HTMLInputElement;
    const reminders = form.getByRole('checkbox', {
      name: WEBHOOK_EVENT_LABELS['progress.reminder'],
    }) as HTMLInputElement;
    expect([report.checked, reminders.checked]).toEqual([true, true]);
    expect(form.getByText(WEBHOOK_LABELS.slackUrlHelp)).toBeTruthy();
    fireEvent.click(reminders);
    fireEvent.change(textbox(form, WEBHOOK_LABELS.urlField), {
      target: { value: 'https://hooks.slack.com/services/T000/B000/XXXX' },
    });
    fireEvent.click(form.getByRole('button', { name: WEBHOOK_LABELS.create }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.chatCreated)).toBeTruthy();
    expect(screen.queryByRole('region', { name: WEBHOOK_LABELS.newSecret })).toBeNull();
    expect(posts(calls, '/api/strategy/5/webhooks/')).toEqual([
      {
        kind: 'slack',
        url: 'https://hooks.slack.com/services/T000/B000/XXXX',
        description: '',
        events: ['progress.report'],
      },
    ]);
    // A channel's address is a credential: only its host is listed, and it has no secret to rotate.
    expect(await screen.findByText(/hooks\.slack\.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Rotate secret/ })).toBeNull();
  }, 30_000);

  it('should keep a channel’s address when editing leaves it empty', async () => {
    const slack = endpoint(6, {
      kind: 'slack',
      description: 'Team channel',
      url: 'hooks.slack.com',
      events: ['progress.report'],
    });
    const { calls } = renderSection({
      'GET /api/strategy/5/webhooks/': ok([slack]),
      'PATCH /api/webhooks/6/': ok({ detail: WEBHOOK_MESSAGES.saved, endpoint: slack }),
    });
    fireEvent.click(await screen.findByRole('button', { name: WEBHOOK_LABELS.editButton('Team channel') }));
    const form = within(
      await screen.findByRole('form', { name: WEBHOOK_LABELS.editHeading('Team channel') }),
    );
    expect(form.getByText(WEBHOOK_LABELS.urlKeepHelp)).toBeTruthy();
    fireEvent.click(form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['progress.reminder'] }));
    fireEvent.click(form.getByRole('button', { name: WEBHOOK_LABELS.save }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.saved)).toBeTruthy();
    expect(posts(calls, '/api/webhooks/6/')).toEqual([
      { description: 'Team channel', events: ['progress.report', 'progress.reminder'] },
    ]);
  }, 30_000);
});
