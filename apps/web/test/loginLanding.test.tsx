import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from './renderApp';
import { MARK, wireStrategy, wireSummary } from './strategyPageFixtures';

// A step below lands on the strategy page: its code is loaded up front, so on a busy CI machine the
// waits measure the navigation, not vitest transforming the editor.
beforeAll(async () => {
  await import('../src/routes/strategy/StrategyPage');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ok = (body: unknown) => ({ status: 200, body });
const answers = {
  'GET /api/config/': ok({ product_name: 'Keystone', google: null, needs_setup: false, sso: false }),
  'POST /api/auth/login/': ok({ user_id: MARK.id, key: 'secret-key' }),
  'GET /api/strategies/': ok([wireSummary(4, 'Newest'), wireSummary(1, 'Older')]),
  'GET /api/strategy/1': ok(wireStrategy()),
  'GET /api/strategy/4': ok({ ...wireStrategy(), id: 4 }),
};

async function logIn() {
  fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: 'mark@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Str0ng&long' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('after login (spec §2)', () => {
  it('should open the last active strategy', async () => {
    fakeServer(answers);
    localStorage.setItem('lastActiveStrategy', '1');
    const { router } = renderApp('/login');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategy/1'));
  });

  it('should open the most recently updated strategy when none was active', async () => {
    fakeServer(answers);
    const { router } = renderApp('/login');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategy/4'));
  });

  it('should open the list when the user has no strategy yet', async () => {
    fakeServer({ ...answers, 'GET /api/strategies/': ok([]) });
    localStorage.setItem('lastActiveStrategy', '1');
    const { router } = renderApp('/login');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
  });
});
