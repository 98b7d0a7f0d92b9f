import { MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeCall, fakeServer, renderApp } from './renderApp';
import { ANNA, BEN, CARL, DORA, wireStrategy } from './strategyTeamFixtures';
import { wireInitiative } from './wireInitiative';

type Answers = Parameters<typeof fakeServer>[0];

function start(userId = ANNA.id, answers: Answers = {}) {
  saveSession({ id: userId, token: 'key' });
  const all: Answers = {
    'GET /api/config': { status: 200, body: { product_name: 'Keystone', google: null, needs_setup: false } },
    'GET /api/strategy/5/': { status: 200, body: wireStrategy() },
    'GET /api/users/': { status: 200, body: [CARL, DORA, BEN, ANNA] },
    'PATCH /api/assign-users-to-strategy/': { status: 200, body: { id: 5 } },
    ...answers,
  };
  const server = fakeServer(all);
  renderApp('/strategy-team/5');
  return { ...server, answers: all };
}

const saves = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/assign-users-to-strategy/');
const picker = (name: string) => screen.findByRole('combobox', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('strategy team page', () => {
  it('should show the strategy title, focus areas as plain text and the fallbacks', async () => {
    start();
    expect(
      await screen.findByRole('heading', { name: 'Strategy team for: Grow subscriptions' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Self-service sign-up' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: STRATEGY_MESSAGES.defineFocusArea })).toBeTruthy();
    expect(screen.getByText(STRATEGY_MESSAGES.nameYourInitiative)).toBeTruthy();
    expect((await picker('Owner of Launch onboarding')).getAttribute('placeholder')).toBe(
      STRATEGY_MESSAGES.addUsers,
    );
    expect(screen.getByRole('button', { name: 'Carl@example.com'.toLowerCase() })).toBeTruthy();
  });

  it('should offer users sorted by name with nameless users last', async () => {
    start();
    const user = userEvent.setup();
    await user.click(await picker('Sponsor of Partners'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Anna Smithanna@example.com',
      'Ben Jonesben@example.com',
      'dora Adamsdora@example.com',
      'carl@example.com',
    ]);
  });

  it('should not let the owners of an initiative that had owners be emptied', async () => {
    const { calls } = start();
    const user = userEvent.setup();
    await user.click(await picker('Owner of Launch onboarding'));
    await user.keyboard('{Backspace}');
    expect(await screen.findByText(MESSAGES.fieldRequired)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    // An initiative that never had owners may stay without.
    await user.click(await picker('Owner of Name your initiative'));
    await user.keyboard('{Backspace}');
    expect(screen.getAllByText(MESSAGES.fieldRequired)).toHaveLength(1);
    expect(saves(calls)).toHaveLength(0);
  });

  it('should add a typed address as a new person, refuse a bad one, save and fetch the strategy again', async () => {
    const { calls, answers } = start();
    const user = userEvent.setup();
    const owner = await picker('Owner of Name your initiative');
    await user.type(owner, 'not-an-address,');
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    await user.clear(owner);
    await user.type(owner, 'New.Person@Example.com{Enter}');
    expect(screen.queryByText(MESSAGES.invalidEmail)).toBeNull();
    expect(await screen.findByRole('button', { name: 'New.Person@Example.com' })).toBeTruthy();

    // After the save the server knows the person; the refetched strategy lists them.
    const newPerson = { id: 30, name: null, email: 'new.person@example.com' };
    const saved = wireStrategy();
    saved.focus_areas[0]!.initiatives[1] = wireInitiative(12, 3, { owners: [newPerson] });
    answers['GET /api/strategy/5/'] = { status: 200, body: saved };
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(MESSAGES.strategyTeamSaved)).toBeTruthy();
    expect(saves(calls).map((call) => call.body)).toEqual([
      {
        strategy_id: 5,
        strategy_masters: [{ id: 7, email: 'anna@example.com' }],
        initiatives: [
          {
            initiative_id: 11,
            owners: [{ id: 8, email: 'ben@example.com' }],
            sponsors: [],
            team_members: [{ id: 9, email: 'carl@example.com' }],
          },
          {
            initiative_id: 12,
            owners: [{ id: null, email: 'New.Person@Example.com' }],
            sponsors: [],
            team_members: [],
          },
          { initiative_id: 13, owners: [], sponsors: [], team_members: [] },
        ],
      },
    ]);
    expect(calls.filter((call) => call.path === '/api/strategy/5/')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'new.person@example.com' })).toBeTruthy();
  });

  it('should show the server message and mark the field it names', async () => {
    start(ANNA.id, {
      'PATCH /api/assign-users-to-strategy/': {
        status: 400,
        body: {
          detail: STRATEGY_MESSAGES.personNotInOrganisation,
          errors: { 'initiatives.2.sponsors': [STRATEGY_MESSAGES.personNotInOrganisation] },
        },
      },
    });
    const user = userEvent.setup();
    await user.type(await picker('Sponsor of Partners'), 'someone@elsewhere.org{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText(STRATEGY_MESSAGES.personNotInOrganisation)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
  });

  it('should fall back to the default text when the save fails without a message', async () => {
    start(ANNA.id, { 'PATCH /api/assign-users-to-strategy/': { status: 500, body: {} } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(STRATEGY_MESSAGES.updateTeamFailed)).toBeTruthy();
  });

  it('should lock the fields a team member may not change', async () => {
    start(CARL.id);
    expect((await picker('Strategy master')).hasAttribute('disabled')).toBe(true);
    expect((await picker('Sponsor of Launch onboarding')).hasAttribute('disabled')).toBe(true);
    expect((await picker('Owner of Launch onboarding')).hasAttribute('disabled')).toBe(true);
    expect((await picker('Team of Launch onboarding')).hasAttribute('disabled')).toBe(false);
    expect((await picker('Team of Partners')).hasAttribute('disabled')).toBe(true);
  });

  it('should say when the strategy does not exist', async () => {
    start(ANNA.id, { 'GET /api/strategy/5/': { status: 404, body: { detail: 'Not found.' } } });
    expect(await screen.findByText(MESSAGES.strategyMissing)).toBeTruthy();
    const link = screen.getByRole('link', { name: MESSAGES.strategyMissingLink });
    expect(link.getAttribute('href')).toBe('/strategies/');
  });

  it('should call an untitled strategy Untitled Strategy', async () => {
    start(ANNA.id, { 'GET /api/strategy/5/': { status: 200, body: wireStrategy({ title: '' }) } });
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: `Strategy team for: ${STRATEGY_MESSAGES.untitledStrategy}` }),
      ).toBeTruthy(),
    );
  });
});
