/** The team page for deactivated people and for administrators without a role (issue 14). */
import { DEACTIVATED_MARK, MESSAGES, ORGANISATION_MESSAGES, type StrategyTeam } from '@keystone/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { fakeServer, renderApp } from './renderApp';
import { ANNA, BEN, CARL, DORA, wireStrategy } from './strategyTeamFixtures';

type Answers = Parameters<typeof fakeServer>[0];

const details = (id: number, isAdmin: boolean) => ({
  status: 200,
  body: {
    id,
    name: 'Someone',
    email: 'someone@example.com',
    first_name: 'Some',
    last_name: 'One',
    business_title: '',
    is_admin: isAdmin,
  },
});

const team: StrategyTeam = {
  id: 5,
  title: 'Grow subscriptions',
  strategy_masters: [ANNA],
  focus_areas: [
    {
      id: 3,
      title: 'Sign-up',
      sort_index: 0,
      initiatives: [
        { id: 11, title: 'Launch onboarding', sort_index: 0, owners: [BEN], sponsors: [], team_members: [] },
      ],
    },
  ],
};

function start(userId: number, answers: Answers) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    'GET /api/config/': { status: 200, body: { product_name: 'Keystone', google: null } },
    'GET /api/users/': { status: 200, body: [CARL, DORA, BEN, ANNA] },
    'PATCH /api/assign-users-to-strategy/': { status: 200, body: { id: 5 } },
    ...answers,
  });
  renderApp('/strategy-team/5');
  return server;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('strategy team page: deactivated people', () => {
  it('should mark a deactivated master and sponsor, and not offer them for adding', async () => {
    const gone = { id: 20, name: 'Gail Gone', email: 'gail@example.com', is_active: false as const };
    const strategy = wireStrategy({ strategy_masters: [ANNA, gone] });
    strategy.focus_areas[0]!.initiatives[0]!.sponsors = [gone];
    start(ANNA.id, {
      'GET /api/strategy/5': { status: 200, body: strategy },
      'GET /api/get-user-details/': details(ANNA.id, false),
    });
    const marked = `Gail Gone ${DEACTIVATED_MARK}`;
    await waitFor(() => expect(screen.getAllByRole('button', { name: marked })).toHaveLength(2));
    await userEvent.setup().click(await screen.findByRole('combobox', { name: 'Sponsor of Partners' }));
    const options = await screen.findAllByRole('option');
    expect(options.some((option) => option.textContent?.includes('Gail'))).toBe(false);
  });
});

describe('strategy team page: administrators', () => {
  it('should show an administrator without a role the team, masters editable and the rest read-only', async () => {
    const server = start(30, {
      'GET /api/strategy/5': { status: 404, body: { detail: 'Strategy not found.' } },
      'GET /api/get-user-details/': details(30, true),
      'GET /api/strategy/5/team/': { status: 200, body: team },
    });
    expect(await screen.findByText(ORGANISATION_MESSAGES.adminTeamNotice)).toBeTruthy();
    const masters = await screen.findByRole('combobox', { name: 'Strategy master' });
    expect(masters.hasAttribute('disabled')).toBe(false);
    expect(
      screen.getByRole('combobox', { name: 'Owner of Launch onboarding' }).hasAttribute('disabled'),
    ).toBe(true);

    const user = userEvent.setup();
    await user.click(masters);
    await user.click(await screen.findByRole('option', { name: /Ben Jones/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(server.calls.some((call) => call.path === '/api/assign-users-to-strategy/')).toBe(true),
    );
    const save = server.calls.find((call) => call.path === '/api/assign-users-to-strategy/');
    expect(save?.body).toMatchObject({
      strategy_masters: [
        { id: ANNA.id, email: ANNA.email },
        { id: BEN.id, email: BEN.email },
      ],
    });
    expect(await screen.findByText(MESSAGES.strategyTeamSaved)).toBeTruthy();
  });

  it('should show a non-administrator without a role that the strategy is missing', async () => {
    const server = start(30, {
      'GET /api/strategy/5': { status: 404, body: { detail: 'Strategy not found.' } },
      'GET /api/get-user-details/': details(30, false),
    });
    await waitFor(() => expect(screen.queryByLabelText('Loading the strategy team')).toBeNull());
    expect(screen.queryByRole('combobox', { name: 'Strategy master' })).toBeNull();
    expect(server.calls.some((call) => call.path === '/api/strategy/5/team/')).toBe(false);
  });
});
