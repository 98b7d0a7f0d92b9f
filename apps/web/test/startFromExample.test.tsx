/** "Start from an example" on /strategies (issue 18): offered when the list is empty and by the create tile. */
import { EXAMPLE_STRATEGY_TEXTS, MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, type FakeCall, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireStrategy, wireSummary } from './strategyPageFixtures';

// The click lands on the strategy page: its code is loaded up front, so under a loaded CI machine
// the wait below measures the navigation, not vitest transforming the editor.
beforeAll(async () => {
  await Promise.all([
    import('../src/routes/strategies/StrategiesPage'),
    import('../src/routes/strategy/StrategyPage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

const EXAMPLE = 'POST /api/strategy/example/';
const example = { ...wireStrategy(), id: 42, title: 'Acme 2027: from product to platform' };

/**
 * The example was asked for, then the router landed on it. Two steps, so a failure says which one
 * did not happen; the landing gets 10 s, as CI runs these tests beside the server's on two cores.
 */
async function landsOnExample(calls: FakeCall[], router: ReturnType<typeof renderApp>['router']) {
  await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(EXAMPLE));
  await waitFor(() => expect(router.state.location.pathname).toBe('/strategy/42'), { timeout: 10_000 });
}

function serve(list: unknown[], answer: FakeAnswer) {
  saveSession({ id: MARK.id, token: 'key' });
  return fakeServer({
    'GET /api/strategies/': ok(list),
    'GET /api/locked-fields/': ok([]),
    [EXAMPLE]: answer,
    'GET /api/strategy/42': ok(example),
  });
}

describe('start from an example', { timeout: 20_000 }, () => {
  it('should offer it on an empty list, and land on the new strategy after one click', async () => {
    const { calls } = serve([], { status: 201, body: example });
    const { router } = renderApp('/strategies');
    const button = await screen.findByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start });
    expect(screen.getByText(EXAMPLE_STRATEGY_TEXTS.hint)).toBeTruthy();
    // Offered once: the create tile leaves it to the empty list's prominent button.
    expect(screen.getAllByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start })).toHaveLength(1);
    fireEvent.click(button);
    await landsOnExample(calls, router);
    expect(calls.filter((call) => `${call.method} ${call.path}` === EXAMPLE)).toHaveLength(1);
  });

  it('should offer it under the create button once there are strategies', async () => {
    const { calls } = serve([wireSummary(1, 'North star')], { status: 201, body: example });
    const { router } = renderApp('/strategies');
    expect(await screen.findByText('North star')).toBeTruthy();
    expect(screen.queryByText(EXAMPLE_STRATEGY_TEXTS.hint)).toBeNull();
    const mine = within(screen.getByRole('region', { name: STRATEGY_MESSAGES.ownedByMe }));
    fireEvent.click(mine.getByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start }));
    await landsOnExample(calls, router);
  });

  it('should say so when it fails, stay on the list, and let the person try again', async () => {
    let failing = true;
    const { calls } = serve([], () =>
      failing ? { status: 500, body: { detail: null } } : { status: 201, body: example },
    );
    const { router } = renderApp('/strategies');
    fireEvent.click(await screen.findByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start }));
    expect(await screen.findByText(EXAMPLE_STRATEGY_TEXTS.failed)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/strategies');

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start }));
    await landsOnExample(calls, router);
  });

  it('should show the server’s own message, such as the hourly limit', async () => {
    serve([], { status: 429, body: { detail: MESSAGES.tooManyRequests } });
    renderApp('/strategies');
    fireEvent.click(await screen.findByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start }));
    expect(await screen.findByText(MESSAGES.tooManyRequests)).toBeTruthy();
  });
});
