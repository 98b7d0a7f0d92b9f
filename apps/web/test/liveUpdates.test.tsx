import { MESSAGES, type StreamingMessage, strategySchema } from '@keystone/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { strategiesKey, strategyKey } from '../src/api/strategyCache';
import { type Strategy, toStrategy, toStrategySummary } from '../src/api/strategyWire';
import { applyStreamingMessage } from '../src/realtime/liveUpdates';
import { FakeWebSocket } from './fakeWebSocket';
import { type FakeAnswer, type FakeCall, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireStrategy, wireSummary } from './strategyPageFixtures';

// The strategy page's code loads lazily; importing it up front keeps that out of the first test's time.
beforeAll(async () => {
  await Promise.all([import('../src/routes/strategy/StrategyPage'), import('../src/realtime/RealtimeFrame')]);
});
const LENA_ID = 9;

function edited(
  model: StreamingMessage['model'],
  resId: number,
  field: string,
  value: unknown,
): StreamingMessage {
  return { res_id: resId, model, field, value, user_id: LENA_ID, strategy_id: 1 };
}

function changed(
  action: 'create' | 'delete' | 'sort' | 'team',
  model: StreamingMessage['model'],
  resId: number,
) {
  return {
    res_id: resId,
    model,
    field: null,
    value: null,
    user_id: LENA_ID,
    strategy_id: 1,
    action,
  } as const;
}

describe('applyStreamingMessage', () => {
  function cacheWithStrategy() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(strategyKey(1), toStrategy(strategySchema.parse(wireStrategy())));
    queryClient.setQueryData(strategiesKey, [toStrategySummary(wireSummary(1, 'North star'))]);
    const cached = () => queryClient.getQueryData<Strategy>(strategyKey(1));
    return { queryClient, cached };
  }

  it('should write an edited field into the cached strategy and the list', () => {
    const { queryClient, cached } = cacheWithStrategy();
    applyStreamingMessage(queryClient, edited('strategy', 1, 'title', 'Brighter star'));
    applyStreamingMessage(queryClient, edited('focusArea', 12, 'title', '<p>Reach</p>'));
    applyStreamingMessage(queryClient, edited('initiative', 102, 'problem_statement', '<p>Churn</p>'));
    expect(cached()?.title).toBe('Brighter star');
    expect(cached()?.focusAreas[1]?.title).toBe('<p>Reach</p>');
    expect(cached()?.focusAreas[0]?.initiatives[1]?.problemStatement).toBe('<p>Churn</p>');
    expect(cached()?.focusAreas[0]?.initiatives[0]?.problemStatement).toBe('');
    expect(queryClient.getQueryData<{ title: string }[]>(strategiesKey)?.[0]?.title).toBe('Brighter star');
  });

  it('should leave the cache alone for fields it does not hold or values of the wrong kind', () => {
    const { queryClient, cached } = cacheWithStrategy();
    const before = cached();
    applyStreamingMessage(queryClient, edited('strategy', 1, 'title', 42));
    applyStreamingMessage(queryClient, edited('strategy', 1, 'strategy_masters', 'x'));
    applyStreamingMessage(queryClient, edited('comment', 5, 'comment', '<p>Hi</p>'));
    expect(cached()).toBe(before);
  });

  it('should make the strategy load again after a structural change', async () => {
    const { queryClient } = cacheWithStrategy();
    applyStreamingMessage(queryClient, changed('create', 'focusArea', 13));
    await waitFor(() => {
      expect(queryClient.getQueryState(strategyKey(1))?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(strategiesKey)?.isInvalidated).toBe(true);
    });
  });
});

// ---- on the strategy page -------------------------------------------------------------------

function openStrategyAsMark(answers: Record<string, FakeAnswer> = {}) {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(wireStrategy()),
    'GET /api/locked-fields/': ok([]),
    'POST /api/lock-field/': { status: 403, body: { detail: 'not in these tests' } },
    'POST /api/unlock-field/': ok({ detail: 'The field was not locked.' }),
    ...answers,
  });
  renderApp('/strategy/1');
  return server;
}

/** Opens the streaming socket; its first opening reads nothing again (the page has just read it). */
async function connectStreaming() {
  await waitFor(() => FakeWebSocket.latest('/ws/streaming/'));
  act(() => FakeWebSocket.latest('/ws/streaming/').open());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** The socket drops and its next attempt opens: the strategy is read again, and that answer awaited. */
async function reconnectStreaming(calls: FakeCall[]) {
  const reads = () => calls.filter((call) => call.path === '/api/strategy/1').length;
  const before = reads();
  const dropped = FakeWebSocket.latest('/ws/streaming/');
  act(() => dropped.drop());
  const next = await waitFor(
    () => {
      const socket = FakeWebSocket.latest('/ws/streaming/');
      if (socket === dropped) throw new Error('not yet reconnecting');
      return socket;
    },
    { timeout: 5000 },
  );
  act(() => next.open());
  await waitFor(() => expect(reads()).toBe(before + 1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

const streamed = (message: unknown) => act(() => FakeWebSocket.latest('/ws/streaming/').receive(message));

describe('live updates on the strategy page', () => {
  it("should show another user's edits of titles as they arrive", async () => {
    openStrategyAsMark();
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();
    streamed(edited('strategy', 1, 'title', 'Brighter star'));
    await waitFor(() => expect(title).toHaveProperty('value', 'Brighter star'));
    streamed(edited('focusArea', 11, 'title', '<p>Customers first</p>'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Title of focus area 1' }).textContent).toBe(
        'Customers first',
      ),
    );
  });

  it('should not replace what the user is typing, and show the newer value once they leave the field', async () => {
    openStrategyAsMark({
      'PATCH /api/strategy/update/1/': ok(wireSummary(1, 'Typed here')),
    });
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Typed here' } });
    streamed(edited('strategy', 1, 'title', 'From elsewhere'));
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(title).toHaveProperty('value', 'Typed here');

    // Still in the field after the save: a later edit from elsewhere waits until the user leaves.
    streamed(edited('strategy', 1, 'title', 'Later from elsewhere'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(title).toHaveProperty('value', 'Typed here');
    fireEvent.blur(title);
    await waitFor(() => expect(title).toHaveProperty('value', 'Later from elsewhere'));
  });

  it('should log and ignore a message that breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openStrategyAsMark();
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();
    streamed({ res_id: 1, model: 'strategy', field: 'title', value: 'Sneaky' });
    streamed('not json at all');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(title).toHaveProperty('value', 'North star');
  });

  it('should say the strategy is missing once another user deleted it', async () => {
    let deleted = false;
    openStrategyAsMark({
      'GET /api/strategy/1': () =>
        deleted ? { status: 404, body: { detail: 'Not found.' } } : ok(wireStrategy()),
    });
    await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();
    deleted = true;
    streamed(changed('delete', 'strategy', 1));
    expect(await screen.findByText(MESSAGES.strategyMissing)).toBeTruthy();
  });

  it('should say "Reconnecting…" while the connection is down for more than a moment', async () => {
    openStrategyAsMark();
    await screen.findByRole('textbox', { name: 'Strategy title' });
    const status = screen.getByRole('status', { name: 'Connection status' });
    await waitFor(() => expect(status.textContent).toBe('Reconnecting…'));
    await connectStreaming();
    act(() => FakeWebSocket.latest('/ws/locks/').open());
    await waitFor(() => expect(status.textContent).toBe(''));
  });
});

describe('an edit made while the connection is down', () => {
  it('should be kept through the re-read after reconnecting and saved', async () => {
    let online = false;
    const { calls } = openStrategyAsMark({
      'PATCH /api/strategy/update/1/': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok(wireSummary(1, 'Written offline'));
      },
    });
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();
    fireEvent.change(title, { target: { value: 'Written offline' } });
    expect(await screen.findByText('Not saved — retrying', {}, { timeout: 2000 })).toBeTruthy();

    // Back online: the socket connects again and the strategy is read again, still with the old title.
    await reconnectStreaming(calls);
    expect(title).toHaveProperty('value', 'Written offline');

    online = true;
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeTruthy();
    expect(title).toHaveProperty('value', 'Written offline');
  });
});
