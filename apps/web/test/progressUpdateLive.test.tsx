import { CONFLICT_CODES, PROGRESS_MESSAGES, type StreamingMessage, strategySchema } from '@keystone/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { lockedDatesKey, notificationSettingsKey, statusHistoryKey } from '../src/api/progress';
import { strategyKey } from '../src/api/strategyCache';
import { type Strategy, toStrategy } from '../src/api/strategyWire';
import { applyStreamingMessage } from '../src/realtime/liveUpdates';
import { FakeWebSocket } from './fakeWebSocket';
import { NEWER, OLDER, openProgressAs, progressStrategy, wireComment } from './progressUpdateFixtures';
import { ok } from './renderApp';
import { typeInto } from './richTextEditing';
import { ANNA, MARK } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/progress-update/ProgressUpdatePage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

const LENA_ID = 9;
const commentEdited = (id: number, html: string): StreamingMessage => ({
  res_id: id,
  model: 'comment',
  field: 'comment',
  value: html,
  user_id: LENA_ID,
  strategy_id: 1,
});
const dueDateProcessed: StreamingMessage = {
  res_id: 1,
  model: 'strategy',
  field: null,
  value: null,
  user_id: 0,
  strategy_id: 1,
  action: 'progress',
};

/** The strategy after a due date: every initiative has fresh, empty comments with new ids. */
function afterDueDate() {
  return progressStrategy((strategy) => ({
    ...strategy,
    focus_areas: strategy.focus_areas.map((area) => ({
      ...area,
      initiatives: area.initiatives.map((initiative) => ({
        ...initiative,
        comments: (['PR', 'RB', 'NS'] as const).map((type) => ({
          ...wireComment(initiative.id, type),
          id: wireComment(initiative.id, type).id + 100_000,
        })),
      })),
    })),
  }));
}

describe('applyStreamingMessage on progress', () => {
  function cacheWithStrategy() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(strategyKey(1), toStrategy(strategySchema.parse(progressStrategy())));
    for (const key of [lockedDatesKey(1), statusHistoryKey(1), notificationSettingsKey(1)])
      queryClient.setQueryData(key, []);
    return { queryClient, cached: () => queryClient.getQueryData<Strategy>(strategyKey(1)) };
  }

  it("should write another user's comment into the cached strategy", () => {
    const { queryClient, cached } = cacheWithStrategy();
    applyStreamingMessage(queryClient, commentEdited(1012, '<p>Legal review</p>'));
    const comments = cached()?.focusAreas[0]?.initiatives[0]?.comments;
    expect(comments?.find((comment) => comment.id === 1012)?.comment).toBe('<p>Legal review</p>');
    expect(comments?.find((comment) => comment.id === 1011)?.comment).toBe('');
  });

  it('should read the history again when a due date passes during its first read', async () => {
    const queryClient = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: lockedDatesKey(1),
      queryFn: async () => {
        reads += 1;
        const answer = reads === 1 ? ['before'] : ['after', 'before'];
        await new Promise((resolve) => setTimeout(resolve, 30));
        return answer;
      },
    });
    const stop = observer.subscribe(() => {});
    applyStreamingMessage(queryClient, dueDateProcessed);
    await waitFor(() => expect(queryClient.getQueryData(lockedDatesKey(1))).toEqual(['after', 'before']));
    stop();
  });

  it('should read the strategy, the history and the settings again once a due date was processed', async () => {
    const { queryClient } = cacheWithStrategy();
    applyStreamingMessage(queryClient, dueDateProcessed);
    await waitFor(() => {
      for (const key of [strategyKey(1), lockedDatesKey(1), statusHistoryKey(1), notificationSettingsKey(1)])
        expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    });
  });
});

/**
 * Opens the live connection. Its first opening reads nothing again (the page has just read what it
 * shows). Returns the sender.
 */
async function goLive() {
  const socket = await waitFor(() => FakeWebSocket.latest('/ws/streaming/'));
  act(() => socket.open());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return (message: StreamingMessage) => act(() => socket.receive(message));
}

describe('progress update page, live', () => {
  it("should show another user's comment as it arrives", async () => {
    openProgressAs(MARK.id);
    const roadblocks = await screen.findByRole('textbox', { name: 'Roadblocks of Initiative 101' });
    const send = await goLive();
    send(commentEdited(1012, '<p>Legal review</p>'));
    await waitFor(() => expect(roadblocks.textContent).toBe('Legal review'));
  });

  it('should move on to the new period when a due date passes, and say so', async () => {
    let reads = 0;
    const { calls } = openProgressAs(MARK.id, {
      'GET /api/strategy/1': () => ok(reads++ < 1 ? progressStrategy() : afterDueDate()),
      'GET /api/locked-comment-dates/1/': () => ok(reads > 1 ? [NEWER, OLDER] : [OLDER]),
    });
    await screen.findByRole('textbox', { name: 'Progress of Initiative 101' });
    const send = await goLive();
    const count = (path: string) => calls.filter((call) => call.path === path).length;
    const before = [
      '/api/locked-comment-dates/1/',
      '/api/notification-settings/1/',
      '/api/status-history/1/',
    ].map(count);
    send(dueDateProcessed);
    await waitFor(() =>
      expect(
        ['/api/locked-comment-dates/1/', '/api/notification-settings/1/', '/api/status-history/1/'].map(
          count,
        ),
      ).toEqual(before.map((value) => value + 1)),
    );
    expect(await screen.findByText(/The due date 11\/30\/2026 at 09:00 AM GMT\+1 has passed/)).toBeTruthy();
  });

  it('should copy a text the due date overtook into the new period when asked', async () => {
    let reads = 0;
    const { calls } = openProgressAs(ANNA.id, {
      'GET /api/strategy/1': () => ok(reads++ < 1 ? progressStrategy() : afterDueDate()),
      'PATCH /api/comments/update/1011/': {
        status: 409,
        body: { detail: PROGRESS_MESSAGES.commentLocked, code: CONFLICT_CODES.commentLocked },
      },
      'PATCH /api/comments/update/101011/': (call) =>
        ok({ ...wireComment(101, 'PR'), id: 101011, comment: (call.body as { comment: string }).comment }),
    });
    await typeInto(await screen.findByRole('textbox', { name: 'Progress of Initiative 101' }), 'Too late');
    const copy = await screen.findByRole('button', { name: 'Copy into the new update' });
    await waitFor(() => expect(copy).toHaveProperty('disabled', false));
    fireEvent.click(copy);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Progress of Initiative 101' }).textContent).toBe(
        'Too late',
      ),
    );
    expect(calls.find((call) => call.path === '/api/comments/update/101011/')?.body).toEqual({
      comment: '<p>Too late</p>',
      version: 1,
    });
    expect(screen.queryByText('The due date passed before this text was saved')).toBeNull();
  });
});
