import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { fakeServer, renderApp } from './renderApp';
import { wireSummary } from './strategyPageFixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

function useUserAgent(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

// A step below lands on the strategy page: its code is loaded up front, so on a busy CI machine the
// waits measure the navigation, not vitest transforming the editor.
beforeAll(async () => {
  await import('../src/routes/strategy/StrategyPage');
});

const CONFIG = {
  'GET /api/config/': {
    status: 200,
    body: { product_name: 'Keystone', google: null, needs_setup: false, sso: false },
  },
};
const summary = (id: number) => wireSummary(id, `Strategy ${id}`);

beforeEach(() => {
  fakeServer(CONFIG);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('routes', () => {
  it('should send a visitor without a stored user from a login-required page to /login', async () => {
    const { router } = renderApp('/profile-settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('should send / to /strategies', async () => {
    saveSession({ id: 7, token: 'key' });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
  });

  it('should send a reset link without a token to /login', async () => {
    const { router } = renderApp('/reset-password/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('should send a logged-in visitor of /login to the last active strategy', async () => {
    fakeServer({ ...CONFIG, 'GET /api/strategies/': { status: 200, body: [summary(50), summary(42)] } });
    saveSession({ id: 7, token: 'key' });
    localStorage.setItem('lastActiveStrategy', '42');
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategy/42'));
  });

  it('should send a logged-in visitor of /login with no remembered strategy to the newest, creating none', async () => {
    const { calls } = fakeServer({
      ...CONFIG,
      'GET /api/strategies/': { status: 200, body: [summary(50), summary(42)] },
    });
    saveSession({ id: 7, token: 'key' });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategy/50'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('should send a logged-in visitor of /login with no strategy at all to the list', async () => {
    const { calls } = fakeServer({ ...CONFIG, 'GET /api/strategies/': { status: 200, body: [] } });
    saveSession({ id: 7, token: 'key' });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('should show the not-found page with a link to all strategies', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /strategies/i }).getAttribute('href')).toBe('/strategies');
  });
});

describe('devices', () => {
  it('should send phones to /mobile-warning', async () => {
    useUserAgent(IPHONE);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile-warning'));
    expect(await screen.findByText(/best viewed on a desktop or tablet/)).toBeTruthy();
  });

  it.each([IPAD, ANDROID_TABLET])('should let tablets in (%s)', async (userAgent) => {
    useUserAgent(userAgent);
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});
