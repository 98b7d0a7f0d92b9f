/** A list that cannot be loaded says so, shows nothing else in its place, and offers to try again. */
import { MESSAGES, SESSION_MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/strategies/StrategiesPage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

const serverError = { status: 500, body: { detail: null } };

describe('strategies list that fails to load', { timeout: 20_000 }, () => {
  it('should show only the error, and load the list again on "Try again"', async () => {
    let failing = true;
    saveSession({ id: MARK.id, token: 'key' });
    const { calls } = fakeServer({
      'GET /api/strategies/': (() =>
        failing ? serverError : ok([wireSummary(1, 'North star')])) as FakeAnswer,
      'GET /api/locked-fields/': ok([]),
    });
    renderApp('/strategies');
    expect(await screen.findByText(STRATEGY_MESSAGES.fetchStrategiesFailed)).toBeTruthy();
    expect(screen.queryByText(/You have no strategies yet/)).toBeNull();
    expect(screen.queryByText(/Strategies in which colleagues give you a role appear here/)).toBeNull();
    expect(screen.queryByRole('region', { name: STRATEGY_MESSAGES.ownedByMe })).toBeNull();

    failing = false;
    const readsBefore = calls.filter((call) => call.path === '/api/strategies/').length;
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.tryAgain }));
    expect(await screen.findByText('North star')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/strategies/').length).toBe(readsBefore + 1);
    expect(screen.queryByText(STRATEGY_MESSAGES.fetchStrategiesFailed)).toBeNull();
  });
});

describe('lists of the profile page that fail to load', { timeout: 20_000 }, () => {
  it('should offer to load the sessions and the invitations again', async () => {
    let failing = true;
    saveSession({ id: MARK.id, token: 'key' });
    const { calls } = fakeServer({
      'GET /api/get-user-details/': ok({
        id: MARK.id,
        name: 'Mark Tester',
        email: 'mark@example.com',
        first_name: 'Mark',
        last_name: 'Tester',
        business_title: '',
        is_admin: false,
      }),
      'GET /api/invites/': () => (failing ? serverError : ok([])),
      'GET /api/auth/sessions/': () => (failing ? serverError : ok([])),
      'GET /api/locked-fields/': ok([]),
    });
    renderApp('/profile-settings');
    // Each failure is tried twice (a passing error may clear) before it shows.
    const sessionsFailed = await screen.findByText(
      SESSION_MESSAGES.fetchSessionsFailed,
      {},
      { timeout: 8000 },
    );
    const invitesFailed = await screen.findByText(MESSAGES.getInvitesFailed, {}, { timeout: 8000 });
    failing = false;
    const reads = (path: string) => calls.filter((call) => call.path === path).length;
    const before = { sessions: reads('/api/auth/sessions/'), invites: reads('/api/invites/') };
    const alertOf = (text: HTMLElement) => text.closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alertOf(sessionsFailed)).getByRole('button', { name: MESSAGES.tryAgain }));
    fireEvent.click(within(alertOf(invitesFailed)).getByRole('button', { name: MESSAGES.tryAgain }));
    expect(await screen.findByText('Nobody has been invited yet.')).toBeTruthy();
    expect(screen.queryByText(SESSION_MESSAGES.fetchSessionsFailed)).toBeNull();
    expect(reads('/api/auth/sessions/')).toBe(before.sessions + 1);
    expect(reads('/api/invites/')).toBe(before.invites + 1);
  });
});
