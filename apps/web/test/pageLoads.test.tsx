/**
 * Each page reads each resource once on load, also once its live connection opens; a deleted
 * strategy is not read again.
 */
import { WEBHOOK_LABELS } from '@keystone/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { FakeWebSocket } from './fakeWebSocket';
import { HISTORY, NEWER, NEXT, OLDER, progressStrategy, wireSettings } from './progressUpdateFixtures';
import { type FakeCall, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/strategy/StrategyPage'),
    import('../src/routes/strategies/StrategiesPage'),
    import('../src/routes/progress-update/ProgressUpdatePage'),
    import('../src/routes/strategy-settings/StrategySettingsPage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

function start(path: string) {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok({ ...progressStrategy(), ...wireSummary(1, 'North star') }),
    'GET /api/strategies/': ok([wireSummary(1, 'North star')]),
    'GET /api/notification-settings/1/': ok(wireSettings(NEXT)),
    'GET /api/locked-comment-dates/1/': ok([OLDER, NEWER]),
    'GET /api/status-history/1/': ok(HISTORY),
    'GET /api/locked-fields/': ok([]),
    'GET /api/strategy/1/webhooks/': ok([]),
    'GET /api/get-user-details/': ok({
      id: MARK.id,
      name: 'Mark Tester',
      email: 'mark@example.com',
      first_name: 'Mark',
      last_name: 'Tester',
      business_title: '',
      is_admin: false,
    }),
    'DELETE /api/strategy/delete/1/': () => {
      // The server announces the delete when it commits, often before its answer arrives.
      FakeWebSocket.latest('/ws/streaming/').receive({
        res_id: 1,
        model: 'strategy',
        field: null,
        value: null,
        user_id: MARK.id,
        action: 'delete',
        strategy_id: 1,
      });
      return ok(null);
    },
  });
  return { ...server, ...renderApp(path) };
}

/** The live connection opens, as it does a moment after the page starts loading. */
async function connect() {
  await waitFor(() => FakeWebSocket.latest('/ws/streaming/'));
  act(() => {
    FakeWebSocket.latest('/ws/locks/').open();
    FakeWebSocket.latest('/ws/streaming/').open();
  });
  // Time for any read the connection would start to be sent and answered.
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
}

const readsOf = (calls: FakeCall[]) => {
  const counts: Record<string, number> = {};
  for (const call of calls) {
    // The header's avatar reads the user; the lock list is read once per connection.
    if (call.method !== 'GET' || ['/api/locked-fields/', '/api/get-user-details/'].includes(call.path))
      continue;
    counts[call.path] = (counts[call.path] ?? 0) + 1;
  }
  return counts;
};

describe('reads on load', { timeout: 20_000 }, () => {
  it('should read the strategy once on the strategy page', async () => {
    const { calls } = start('/strategy/1');
    await screen.findByRole('textbox', { name: 'Strategy title' });
    await connect();
    expect(readsOf(calls)).toEqual({ '/api/strategy/1': 1 });
  });

  it('should read the list once on the strategies page', async () => {
    const { calls } = start('/strategies');
    await screen.findByText('North star');
    await connect();
    expect(readsOf(calls)).toEqual({ '/api/strategies/': 1 });
  });

  it('should read the strategy, settings, locked dates and status history once on the progress page', async () => {
    const { calls } = start('/progress-update/1');
    await screen.findAllByTestId('trend-bar');
    await connect();
    expect(readsOf(calls)).toEqual({
      '/api/strategy/1': 1,
      '/api/notification-settings/1/': 1,
      '/api/locked-comment-dates/1/': 1,
      '/api/status-history/1/': 1,
    });
  });

  it('should read the strategy, its settings and its webhooks once on the settings page', async () => {
    const { calls } = start('/strategy-settings/1');
    await screen.findByRole('heading', { name: /^Settings for:/ });
    await screen.findByRole('button', { name: WEBHOOK_LABELS.add });
    await connect();
    expect(readsOf(calls)).toEqual({
      '/api/strategy/1': 1,
      '/api/notification-settings/1/': 1,
      '/api/strategy/1/webhooks/': 1,
    });
  });

  it('should not read a strategy again once it is deleted', async () => {
    const { calls, router } = start('/strategy/1');
    await screen.findByRole('textbox', { name: 'Strategy title' });
    await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Strategy menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete strategy' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    await screen.findByText('North star');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const deletedAt = calls.findIndex((call) => call.method === 'DELETE');
    expect(calls.slice(deletedAt).filter((call) => call.path === '/api/strategy/1')).toEqual([]);
  });
});
