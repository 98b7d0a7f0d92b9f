/**
 * The route loaders start a page's reads at once, without waiting for them, into the cache the
 * page reads, once the live connection is connecting; nothing is read without a session.
 */
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../src/api/queryClient';
import { clearSession, saveSession } from '../src/api/session';
import { pageDataLoaders } from '../src/routes/pageData';
import { FakeWebSocket } from './fakeWebSocket';
import { HISTORY, NEWER, NEXT, OLDER, progressStrategy, wireSettings } from './progressUpdateFixtures';
import { fakeServer, ok } from './renderApp';
import { MARK, wireSummary } from './strategyPageFixtures';

const args = (params: Record<string, string>) => ({
  params,
  request: new Request('http://localhost/'),
  url: new URL('http://localhost/'),
  pattern: '',
  context: undefined,
});

function answers() {
  return fakeServer({
    'GET /api/strategy/1': ok({ ...progressStrategy(), ...wireSummary(1, 'North star') }),
    'GET /api/strategies/': ok([wireSummary(1, 'North star')]),
    'GET /api/notification-settings/1/': ok(wireSettings(NEXT)),
    'GET /api/locked-comment-dates/1/': ok([OLDER, NEWER]),
    'GET /api/status-history/1/': ok(HISTORY),
  });
}

describe('page data loaders', () => {
  afterEach(() => clearSession());

  it("should start the progress page's reads and answer at once", async () => {
    saveSession({ id: MARK.id, token: 'key' });
    const { calls } = answers();
    const queryClient = createQueryClient();
    // The router goes on to the page's code without waiting for the data.
    expect(pageDataLoaders(queryClient).progress(args({ id: '1' }))).toBeNull();
    await expect
      .poll(() => calls.map((call) => call.path).sort())
      .toEqual([
        '/api/locked-comment-dates/1/',
        '/api/notification-settings/1/',
        '/api/status-history/1/',
        '/api/strategy/1',
      ]);
    await expect.poll(() => queryClient.getQueryData(['strategy', 1])).toBeDefined();
  });

  it('should read the strategies list for its page', async () => {
    saveSession({ id: MARK.id, token: 'key' });
    const { calls } = answers();
    pageDataLoaders(createQueryClient()).strategies(args({}));
    await expect.poll(() => calls.map((call) => call.path)).toEqual(['/api/strategies/']);
  });

  it('should open the live connection first, which then takes the reads as current however late it opens', async () => {
    saveSession({ id: MARK.id, token: 'key' });
    const socketsAtRead: string[][] = [];
    const { calls } = fakeServer({
      'GET /api/strategies/': () => {
        socketsAtRead.push(FakeWebSocket.instances.map((socket) => new URL(socket.url).pathname));
        return ok([wireSummary(1, 'North star')]);
      },
    });
    const queryClient = createQueryClient();
    pageDataLoaders(queryClient).strategies(args({}));
    await expect.poll(() => queryClient.getQueryData(['strategies'])).toBeDefined();
    expect(socketsAtRead).toEqual([['/ws/locks/', '/ws/streaming/']]);
    // The page's code took long (a slow tablet): the socket opens well after the read answered.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    act(() => FakeWebSocket.latest('/ws/streaming/').open());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.map((call) => call.path)).toEqual(['/api/strategies/']);
  });

  it('should read nothing without a session (the page sends the visitor to log in)', async () => {
    const { calls } = answers();
    const loaders = pageDataLoaders(createQueryClient());
    loaders.strategy(args({ id: '1' }));
    loaders.progress(args({ id: '1' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([]);
  });
});
