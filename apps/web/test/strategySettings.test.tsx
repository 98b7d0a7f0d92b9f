import { MESSAGES, type NotificationSettings, PROGRESS_MESSAGES } from '@keystone/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { FakeWebSocket } from './fakeWebSocket';
import { type FakeAnswer, type FakeCall, fakeServer, ok, renderApp } from './renderApp';
import { ANNA, CARL, wireStrategy } from './strategyTeamFixtures';

// The page's code (with the date pickers) loads lazily; importing it up front keeps that out of the first test's time.
// Saving lands on the strategy page, so its code is loaded up front too.
beforeAll(async () => {
  await Promise.all([
    import('../src/routes/strategy-settings/StrategySettingsPage'),
    import('../src/routes/strategy/StrategyPage'),
  ]);
});

const ZOE = { id: 12, name: null, email: 'zoe@example.com' };

/** Auckland is 13 hours ahead in December: far from any machine's zone, so a shifted time shows. */
function wireSettings(fields: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    id: 3,
    strategy: 5,
    version: 1,
    first_progress_update: '2026-12-07T09:00:00+13:00',
    next_progress_update: '2026-12-21T09:00:00+13:00',
    last_progress_update: null,
    time_zone: 'Pacific/Auckland',
    update_frequency_number: 2,
    update_frequency_unit: 'week',
    update_time: '09:00',
    send_to_master: true,
    send_to_sponsors: true,
    send_to_owners: false,
    send_to_team_members: false,
    additional_recipients: 'cfo@example.com, board@example.com',
    team_reminders: [{ id: 1, notification_settings: 3, offset_number: 1, offset_unit: 'day' }],
    reminder_send_to_master: true,
    reminder_send_to_sponsors: false,
    reminder_send_to_owners: true,
    reminder_send_to_team_members: true,
    strategy_masters: [ANNA, ZOE],
    ...fields,
  };
}

const reminder = (id: number, offsetNumber: number) => ({
  id,
  notification_settings: 3,
  offset_number: offsetNumber,
  offset_unit: 'hour' as const,
});

function start(answers: Record<string, FakeAnswer> = {}, userId = ANNA.id) {
  saveSession({ id: userId, token: 'key' });
  const all: Record<string, FakeAnswer> = {
    'GET /api/config/': ok({ product_name: 'Keystone', google: null, needs_setup: false, sso: false }),
    'GET /api/strategy/5': ok(wireStrategy()),
    'GET /api/notification-settings/5/': ok(wireSettings()),
    'GET /api/locked-fields/': ok([]),
    'GET /api/strategy/5/webhooks/': ok([]),
    ...answers,
  };
  const server = fakeServer(all);
  const view = renderApp('/strategy-settings/5');
  return { ...server, ...view, answers: all };
}

const saves = (calls: FakeCall[]) =>
  calls.filter((call) => call.path === '/api/notification-settings/update/5/').map((call) => call.body);
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');
const problems = () => screen.getByRole('status', { name: 'Problems' });
const loaded = () => screen.findByRole('heading', { name: /^Settings for:/ });
const group = (name: string) => screen.getByRole('group', { name });
// The picker's code arrives after the page has shown (ScheduleSection): found, not got.
const picker = () => screen.findByRole('group', { name: 'First progress update' });

describe('strategy settings page', () => {
  it('should send a user who cannot edit the strategy to the strategy page, in place', async () => {
    const { router } = start({}, CARL.id);
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategy/5'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('should say the strategy is missing when it is gone', async () => {
    start({ 'GET /api/strategy/5': { status: 404, body: { detail: 'Not found.' } } });
    expect(await screen.findByText(MESSAGES.strategyMissing)).toBeTruthy();
  });

  it('should show the saved settings, the first update as the wall clock of the strategy zone', async () => {
    start();
    await loaded();
    // The masters' names are part of the page's heading.
    const masters = within(screen.getByRole('heading', { level: 1 })).getByRole('list');
    expect(
      within(masters)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Anna Smith', 'zoe@example.com']);
    expect((await picker()).textContent).toContain('12/07/2026 09:00 AM');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty('value', 'Pacific/Auckland');
    expect(screen.getByRole('spinbutton', { name: 'Repeat every' })).toHaveProperty('value', '2');
    expect(screen.getByRole('combobox', { name: 'Unit' }).textContent).toBe('weeks');
    expect(screen.getByRole('textbox', { name: 'Additional recipients' })).toHaveProperty(
      'value',
      'cfo@example.com, board@example.com',
    );
    expect(screen.getByRole('spinbutton', { name: 'Reminder 1' })).toHaveProperty('value', '1');
    const dueDates = screen.getByRole('region', { name: 'Due dates as saved' });
    expect(dueDates.textContent).toContain('12/21/2026 at 09:00 AM GMT+13');
    expect(dueDates.textContent).toContain('None yet');
    expect(document.title).toBe('Settings · Grow subscriptions · Keystone');
  });

  it('should keep the masters on every report, and let the other roles be chosen', async () => {
    start();
    await loaded();
    const report = within(group('Send the progress report to'));
    const masters = report.getByRole('checkbox', { name: 'Strategy masters' });
    expect(masters).toHaveProperty('checked', true);
    expect(isDisabled(masters)).toBe(true);
    expect(report.getByRole('checkbox', { name: 'Sponsors' })).toHaveProperty('checked', true);
    expect(isDisabled(report.getByRole('checkbox', { name: 'Owners' }))).toBe(false);
    const reminders = within(group('Send reminders to'));
    expect(isDisabled(reminders.getByRole('checkbox', { name: 'Strategy masters' }))).toBe(false);
    expect(reminders.getByRole('checkbox', { name: 'Sponsors' })).toHaveProperty('checked', false);
  });

  it('should offer to add reminders up to five, a new one at 0 hours flagged until it is set', async () => {
    start({
      'GET /api/notification-settings/5/': ok(
        wireSettings({ team_reminders: [reminder(1, 1), reminder(2, 2), reminder(3, 3)] }),
      ),
    });
    const user = userEvent.setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const fourth = screen.getByRole('spinbutton', { name: 'Reminder 4' });
    expect(fourth).toHaveProperty('value', '0');
    expect(screen.getByRole('combobox', { name: 'Unit of reminder 4' }).textContent).toBe('hours');
    await waitFor(() => expect(problems().textContent).toBe(PROGRESS_MESSAGES.reminderMin));
    expect(isDisabled(saveButton())).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(screen.getAllByRole('spinbutton', { name: /^Reminder \d$/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add reminder' })).toBeNull();

    await user.clear(fourth);
    await waitFor(() =>
      expect(problems().textContent).toBe(
        `${PROGRESS_MESSAGES.reminderRequired}, ${PROGRESS_MESSAGES.reminderMin}`,
      ),
    );
    expect(
      within(fourth.closest('li') as HTMLElement).getByText(PROGRESS_MESSAGES.reminderRequired),
    ).toBeTruthy();

    await user.type(fourth, '4');
    await user.click(screen.getByRole('button', { name: 'Delete reminder 5' }));
    await waitFor(() => expect(problems().textContent).toBe(''));
    expect(isDisabled(saveButton())).toBe(false);
    expect(screen.getByRole('button', { name: 'Add reminder' })).toBeTruthy();
  });

  it('should check the time zone and the frequency when the user leaves them', async () => {
    start();
    const user = userEvent.setup();
    await loaded();
    const frequency = screen.getByRole('spinbutton', { name: 'Repeat every' });
    await user.clear(frequency);
    expect(problems().textContent).toBe('');
    await user.tab();
    await waitFor(() => expect(problems().textContent).toBe(PROGRESS_MESSAGES.frequencyMin));
    // Touched: from now on every change is checked at once.
    await user.type(frequency, '0');
    expect(problems().textContent).toBe(PROGRESS_MESSAGES.frequencyMin);
    await user.type(frequency, '3');
    await waitFor(() => expect(problems().textContent).toBe(''));

    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.tab();
    await waitFor(() => expect(problems().textContent).toBe(PROGRESS_MESSAGES.timezoneEmpty));
    expect(isDisabled(saveButton())).toBe(true);
  });

  it('should save the wall clock without an offset, the rhythm, the reminders and every flag', async () => {
    const answer = wireSettings({
      first_progress_update: '2027-01-05T22:30:00+13:00',
      next_progress_update: '2027-01-05T22:30:00+13:00',
      update_frequency_number: 3,
      send_to_owners: true,
      team_reminders: [reminder(1, 1), { ...reminder(2, 2), offset_unit: 'day' }],
    });
    const { calls } = start({ 'PATCH /api/notification-settings/update/5/': ok(answer) });
    const user = userEvent.setup();
    await loaded();

    await user.click(within(await picker()).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('010520271030P');
    const frequency = screen.getByRole('spinbutton', { name: 'Repeat every' });
    await user.clear(frequency);
    await user.type(frequency, '3');
    await user.click(within(group('Send the progress report to')).getByRole('checkbox', { name: 'Owners' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const second = screen.getByRole('spinbutton', { name: 'Reminder 2' });
    await user.clear(second);
    await user.type(second, '2');
    await user.click(screen.getByRole('combobox', { name: 'Unit of reminder 2' }));
    await user.click(screen.getByRole('option', { name: 'days' }));
    await user.click(saveButton());

    expect(await screen.findByText(PROGRESS_MESSAGES.settingsSaved)).toBeTruthy();
    expect(saves(calls)).toEqual([
      {
        first_progress_update: '2027-01-05T22:30:00',
        time_zone: 'Pacific/Auckland',
        update_frequency_number: 3,
        update_frequency_unit: 'week',
        send_to_master: true,
        send_to_sponsors: true,
        send_to_owners: true,
        send_to_team_members: false,
        additional_recipients: 'cfo@example.com, board@example.com',
        team_reminders: [
          { offset_number: 1, offset_unit: 'day' },
          { offset_number: 2, offset_unit: 'day' },
        ],
        reminder_send_to_master: true,
        reminder_send_to_sponsors: false,
        reminder_send_to_owners: true,
        reminder_send_to_team_members: true,
        version: 1,
      },
    ]);
    // The form now holds the server's answer, with its next due date.
    expect(screen.getByRole('region', { name: 'Due dates as saved' }).textContent).toContain(
      '01/05/2027 at 10:30 PM GMT+13',
    );
    expect(screen.getByRole('spinbutton', { name: 'Reminder 1' })).toHaveProperty('value', '1');
    expect(screen.getByRole('combobox', { name: 'Unit of reminder 1' }).textContent).toBe('hour');
  });

  it('should show the fields the server refused beside the Save button', async () => {
    start({
      'PATCH /api/notification-settings/update/5/': {
        status: 400,
        body: {
          detail: `${PROGRESS_MESSAGES.unknownTimezone}; ${PROGRESS_MESSAGES.reminderMax}`,
          errors: {
            time_zone: [PROGRESS_MESSAGES.unknownTimezone],
            'team_reminders.0.offset_number': [PROGRESS_MESSAGES.reminderMax],
          },
        },
      },
    });
    const user = userEvent.setup();
    await loaded();
    await user.click(saveButton());
    await waitFor(() =>
      expect(problems().textContent).toBe(
        `${PROGRESS_MESSAGES.unknownTimezone}, ${PROGRESS_MESSAGES.reminderMax}`,
      ),
    );
    expect(isDisabled(saveButton())).toBe(true);
    expect(screen.queryByText(PROGRESS_MESSAGES.settingsSaved)).toBeNull();
  });

  it("should say the save failed, in the server's words when it gave some", async () => {
    const { answers } = start({ 'PATCH /api/notification-settings/update/5/': { status: 500, body: {} } });
    const user = userEvent.setup();
    await loaded();
    await user.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(PROGRESS_MESSAGES.updateSettingsFailed);
    answers['PATCH /api/notification-settings/update/5/'] = {
      status: 403,
      body: { detail: MESSAGES.noPermission },
    };
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.noPermission));
  });

  it('should offer to try again when the settings cannot be fetched', async () => {
    let failing = true;
    start({
      'GET /api/notification-settings/5/': () =>
        failing ? { status: 500, body: { detail: null } } : ok(wireSettings()),
    });
    expect(
      await screen.findByText(PROGRESS_MESSAGES.fetchSettingsFailed, {}, { timeout: 5000 }),
    ).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.tryAgain }));
    expect(await loaded()).toBeTruthy();
  });

  it('should read the settings again when a colleague saved them', async () => {
    let settings = wireSettings();
    const { calls } = start({ 'GET /api/notification-settings/5/': () => ok(settings) });
    await loaded();
    await waitFor(() => FakeWebSocket.latest('/ws/streaming/'));
    act(() => FakeWebSocket.latest('/ws/streaming/').open());
    const reads = () => calls.filter((call) => call.path === '/api/notification-settings/5/').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const before = reads();
    settings = wireSettings({ update_frequency_number: 4 });
    act(() =>
      FakeWebSocket.latest('/ws/streaming/').receive({
        res_id: 5,
        model: 'strategy',
        field: null,
        value: null,
        user_id: 8,
        strategy_id: 5,
        action: 'settings',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Repeat every' })).toHaveProperty('value', '4'),
    );
    expect(reads()).toBe(before + 1);
  });
});
