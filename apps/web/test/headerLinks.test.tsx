/**
 * The header's Strategy and Progress links (spec §2 Layout): they lead to the strategy open now,
 * else the one opened last, else the list; a header link never creates a strategy.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { wireSettings } from './progressUpdateFixtures';
import { fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireStrategy, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/strategy/StrategyPage'),
    import('../src/routes/profile-settings/ProfileSettingsPage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

const strategy = (id: number, title: string) => ({ ...wireStrategy(), ...wireSummary(id, title) });

function start(path: string) {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(strategy(1, 'North star')),
    'GET /api/strategy/2': ok(strategy(2, 'South star')),
    'GET /api/strategies/': ok([wireSummary(1, 'North star'), wireSummary(2, 'South star')]),
    'GET /api/notification-settings/1/': ok(wireSettings(null)),
    'GET /api/locked-fields/': ok([]),
  });
  return { ...server, ...renderApp(path) };
}

const header = () => screen.getByRole('navigation', { name: 'Main' });
const hrefOf = (name: 'Strategy' | 'Progress') =>
  within(header()).getByRole('link', { name }).getAttribute('href');

describe('header links', { timeout: 20_000 }, () => {
  it('should lead to the strategy open now, on the first strategy page opened', async () => {
    start('/strategy/1');
    await screen.findByRole('textbox', { name: 'Strategy title' });
    expect(hrefOf('Strategy')).toBe('/strategy/1');
    expect(hrefOf('Progress')).toBe('/progress-update/1');
  });

  it('should follow a switch to another strategy at once', async () => {
    const { router } = start('/strategy/1');
    await screen.findByRole('textbox', { name: 'Strategy title' });
    await act(() => router.navigate('/strategy/2'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Strategy title' })).toHaveProperty('value', 'South star'),
    );
    expect(hrefOf('Strategy')).toBe('/strategy/2');
    expect(hrefOf('Progress')).toBe('/progress-update/2');
  });

  it('should lead to the strategy opened last from a page of no strategy', async () => {
    const { router } = start('/strategy/1');
    await screen.findByRole('textbox', { name: 'Strategy title' });
    await act(() => router.navigate('/strategy/2'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Strategy title' })).toHaveProperty('value', 'South star'),
    );
    await act(() => router.navigate('/profile-settings'));
    expect(hrefOf('Strategy')).toBe('/strategy/2');
    expect(hrefOf('Progress')).toBe('/progress-update/2');
  });

  it('should lead to the list, never to a new strategy, when no strategy was opened yet', async () => {
    const { calls } = start('/profile-settings');
    await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', {
      name: 'Strategy',
    });
    expect(hrefOf('Strategy')).toBe('/strategies');
    expect(hrefOf('Progress')).toBe('/strategies');
    within(header()).getByRole('link', { name: 'Strategy' }).click();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Strategies' })).toBeTruthy());
    expect(calls.some((call) => call.path === '/api/strategy/create/')).toBe(false);
    // Spec §2: the list itself hides both links.
    expect(within(header()).queryByRole('link', { name: 'Strategy' })).toBeNull();
  });
});
