import { MESSAGES, STRATEGY_MESSAGES, TEAM_MESSAGES } from '@keystone/contract';
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
    'GET /api/config/': {
      status: 200,
      body: { product_name: 'Keystone', google: null, needs_setup: false, sso: false },
    },
    'GET /api/strategy/5': { status: 200, body: wireStrategy() },
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
/** The header's logo, a link to the strategies list. */
const logoLink = () => document.querySelector<HTMLElement>('header a[href="/strategies"]')!;

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
    answers['GET /api/strategy/5'] = { status: 200, body: saved };
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
        // The lists as loaded, so the server merges this edit into what is stored now.
        base: {
          strategy_masters: [7],
          initiatives: [
            { initiative_id: 11, owners: [8], sponsors: [], team_members: [9] },
            { initiative_id: 12, owners: [], sponsors: [], team_members: [] },
            { initiative_id: 13, owners: [], sponsors: [], team_members: [] },
          ],
        },
      },
    ]);
    expect(calls.filter((call) => call.path === '/api/strategy/5')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'new.person@example.com' })).toBeTruthy();
  });

  it('should add a second typed address after a first one', async () => {
    const { calls } = start();
    const user = userEvent.setup();
    const team = await picker('Team of Partners');
    await user.type(team, 'first@new.org{Enter}');
    await user.type(team, 'second@new.org{Enter}');
    expect(await screen.findByRole('button', { name: 'first@new.org' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'second@new.org' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(
      (saves(calls)[0]!.body as { initiatives: { team_members: unknown[] }[] }).initiatives[2]!.team_members,
    ).toEqual([
      { id: null, email: 'first@new.org' },
      { id: null, email: 'second@new.org' },
    ]);
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
    // People of a list the user may not change have no remove ×; those of the team have.
    const cellOf = async (name: string) => (await picker(name)).closest('td') as HTMLElement;
    expect(within(await cellOf('Owner of Launch onboarding')).getByText('Ben Jones')).toBeTruthy();
    expect(within(await cellOf('Owner of Launch onboarding')).queryByTestId('CancelIcon')).toBeNull();
    expect(within(await cellOf('Team of Launch onboarding')).getByTestId('CancelIcon')).toBeTruthy();
  });

  it('should ask before leaving with unsaved changes, and stay or leave as told', async () => {
    start(ANNA.id, {
      'GET /api/strategies/': { status: 200, body: [] },
    });
    const user = userEvent.setup();
    await user.type(await picker('Team of Partners'), 'dora{ArrowDown}{Enter}');
    expect(await screen.findByRole('button', { name: 'dora Adams' })).toBeTruthy();
    await user.click(logoLink());
    const dialog = await screen.findByRole('dialog', { name: TEAM_MESSAGES.leaveTitle });
    expect(within(dialog).getByText(TEAM_MESSAGES.leaveMessage)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'dora Adams' })).toBeTruthy();

    await user.click(logoLink());
    await user.click(
      within(await screen.findByRole('dialog', { name: TEAM_MESSAGES.leaveTitle })).getByRole('button', {
        name: TEAM_MESSAGES.leave,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Team of Partners' })).toBeNull());
  });

  it('should leave without asking when nothing changed', async () => {
    start(ANNA.id, { 'GET /api/strategies/': { status: 200, body: [] } });
    const user = userEvent.setup();
    await picker('Team of Partners');
    await user.click(logoLink());
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Team of Partners' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should say when the strategy does not exist', async () => {
    start(ANNA.id, { 'GET /api/strategy/5': { status: 404, body: { detail: 'Not found.' } } });
    expect(await screen.findByText(MESSAGES.strategyMissing)).toBeTruthy();
    const link = screen.getByRole('link', { name: MESSAGES.strategyMissingLink });
    expect(link.getAttribute('href')).toBe('/strategies/');
  });

  it('should call an untitled strategy Untitled Strategy', async () => {
    start(ANNA.id, { 'GET /api/strategy/5': { status: 200, body: wireStrategy({ title: '' }) } });
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: `Strategy team for: ${STRATEGY_MESSAGES.untitledStrategy}` }),
      ).toBeTruthy(),
    );
  });
});
