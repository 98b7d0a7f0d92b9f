/**
 * The Activity panel (issue 15): history grouped by day with human labels, restores sent as a
 * normal PATCH with the cached version, offered only where the user may edit, and refusals shown.
 */
import {
  ACTIVITY_MESSAGES,
  type ActivityEntry,
  APPROVAL_STEP_TEXT,
  formatDay,
  HISTORY_MESSAGES,
  MESSAGES,
} from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toActivityEntry } from '../src/api/activity';
import { saveSession } from '../src/api/session';
import { collapseEntries } from '../src/components/activity/activityGroups';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { ANNA, MARK, wireStrategy } from './strategyPageFixtures';

// A fixed local noon, so "today" and "yesterday" never straddle midnight while the test runs.
const NOW = new Date(2026, 2, 10, 12, 0, 0);
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

let nextId = 100;
function entry(fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'model' | 'record_id'>): ActivityEntry {
  nextId -= 1;
  return {
    id: nextId,
    initiative_id: null,
    field: null,
    old_value: null,
    new_value: null,
    version: 2,
    user: MARK,
    created_at: minutesAgo(1),
    ...fields,
  };
}

/** Newest first, as the server sends them. Strategy 1's ambition is '<p>Grow <strong>fast</strong></p>'. */
function history(): ActivityEntry[] {
  nextId = 100;
  return [
    entry({
      model: 'strategy',
      record_id: 1,
      field: 'ambition',
      old_value: '<p>Grow slowly</p>',
      new_value: '<p>Grow <strong>fast</strong></p>',
      created_at: minutesAgo(1),
    }),
    entry({
      model: 'initiative',
      record_id: 101,
      initiative_id: 101,
      field: 'problem_statement',
      old_value: '',
      new_value: '<p>Users churn</p>',
      user: ANNA,
      created_at: minutesAgo(20),
    }),
    entry({
      model: 'initiative',
      record_id: 101,
      initiative_id: 101,
      field: 'owners',
      old_value: [MARK],
      new_value: [ANNA],
      created_at: minutesAgo(30),
    }),
    entry({
      model: 'strategy',
      record_id: 1,
      field: 'ambition',
      old_value: '',
      new_value: '<p>Grow slowly</p>',
      created_at: minutesAgo(24 * 60),
    }),
    entry({
      model: 'initiative',
      record_id: 999,
      initiative_id: 999,
      old_value: { title: '<p>Old idea</p>' },
      new_value: null,
      created_at: minutesAgo(25 * 60),
    }),
    entry({
      model: 'initiative',
      record_id: 101,
      initiative_id: 101,
      field: 'approval',
      new_value: 'requested',
      created_at: minutesAgo(3 * 24 * 60),
    }),
  ];
}

const ACTIVITY = 'GET /api/strategy/1/activity/?limit=50';

function openStrategyAs(userId: number, answers: Record<string, FakeAnswer> = {}) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(wireStrategy()),
    [ACTIVITY]: ok({ results: history(), next_before: null }),
    ...answers,
  });
  renderApp('/strategy/1');
  return server;
}

async function openPanel() {
  fireEvent.click(
    await screen.findByRole('button', { name: HISTORY_MESSAGES.activity }, { timeout: 10_000 }),
  );
  const panel = await screen.findByRole('dialog', { name: HISTORY_MESSAGES.activity });
  await within(panel).findAllByTestId('activity-item');
  return panel;
}

const itemsOf = (panel: HTMLElement, day: string) =>
  within(within(panel).getByRole('region', { name: day })).getAllByTestId('activity-item');

describe('the Activity panel', () => {
  it('should group changes by day and say who changed which field, and how', async () => {
    openStrategyAs(MARK.id);
    const panel = await openPanel();
    const headings = within(panel)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    const threeDaysAgo = new Date(NOW.getTime() - 3 * 24 * 3600_000);
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(threeDaysAgo);
    const older = `${weekday}, ${formatDay(threeDaysAgo)}`;
    expect(older).toMatch(/^\w+day, \d\d\/\d\d\/\d{4}$/);
    expect(headings).toEqual([ACTIVITY_MESSAGES.today, ACTIVITY_MESSAGES.yesterday, older]);

    const [ambition, problem, owners] = itemsOf(panel, ACTIVITY_MESSAGES.today);
    expect(ambition?.textContent).toContain('Mark');
    expect(ambition?.textContent).toContain('Ambition');
    expect(ambition?.querySelector('del')?.textContent).toBe('Grow slowly');
    expect(ambition?.querySelector('ins')?.textContent).toBe('→ Grow fast');
    expect(problem?.textContent).toContain('Anna');
    expect(problem?.textContent).toContain('Problem statement · in Initiative 101');
    expect(owners?.textContent).toContain('Owners');
    expect(owners?.textContent).toContain(`${ACTIVITY_MESSAGES.added}: Anna`);
    expect(owners?.textContent).toContain(`${ACTIVITY_MESSAGES.removed}: Mark`);

    const [, removed] = itemsOf(panel, ACTIVITY_MESSAGES.yesterday);
    expect(removed?.textContent).toContain('Initiative');
    expect(removed?.textContent).toContain(`${ACTIVITY_MESSAGES.removed} “Old idea”`);
    expect(itemsOf(panel, older)[0]?.textContent).toContain(APPROVAL_STEP_TEXT.requested);
  });

  it('should name each notification setting and show its values as the settings page does', async () => {
    const setting = (field: string, old_value: unknown, new_value: unknown, minutes: number) =>
      entry({
        model: 'notificationSettings',
        record_id: 1,
        field,
        old_value,
        new_value,
        created_at: minutesAgo(minutes),
      });
    openStrategyAs(MARK.id, {
      [ACTIVITY]: ok({
        results: [
          setting(
            'team_reminders',
            [],
            [
              { offset_number: 1, offset_unit: 'day' },
              { offset_number: 2, offset_unit: 'hour' },
            ],
            1,
          ),
          setting('first_progress_update', null, '2026-12-01T09:00:00', 2),
          setting('update_frequency_number', 1, 2, 3),
          setting('send_to_sponsors', true, false, 4),
          setting('time_zone', 'Europe/Berlin', 'America/New_York', 5),
        ],
        next_before: null,
      }),
    });
    const panel = await openPanel();
    const lines = itemsOf(panel, ACTIVITY_MESSAGES.today).map((item) => ({
      what: item.textContent,
      before: item.querySelector('del')?.textContent ?? null,
      after: item.querySelector('ins')?.textContent,
    }));
    expect(lines).toEqual([
      {
        what: expect.stringContaining('Reminders'),
        before: null,
        after: '→ 1 day before the due date; 2 hours before the due date',
      },
      {
        what: expect.stringContaining('First progress update'),
        before: null,
        after: '→ 12/01/2026 09:00 AM',
      },
      { what: expect.stringContaining('Frequency interval'), before: '1', after: '→ 2' },
      { what: expect.stringContaining('Send the progress report to sponsors'), before: 'Yes', after: '→ No' },
      { what: expect.stringContaining('Time zone'), before: 'Europe/Berlin', after: '→ America/New York' },
    ]);
    expect(panel.textContent).not.toContain(ACTIVITY_MESSAGES.unknownPerson);
  });

  it('should fold one person’s consecutive edits of a field into one line, first old to last new', async () => {
    const typing = [
      entry({
        model: 'strategy',
        record_id: 1,
        field: 'title',
        old_value: 'North sta',
        new_value: 'North star',
        created_at: minutesAgo(1),
      }),
      entry({
        model: 'strategy',
        record_id: 1,
        field: 'title',
        old_value: 'North',
        new_value: 'North sta',
        created_at: minutesAgo(2),
      }),
      entry({
        model: 'strategy',
        record_id: 1,
        field: 'title',
        old_value: 'Nor',
        new_value: 'North',
        created_at: minutesAgo(3),
      }),
      // Twenty minutes earlier: another editing session, kept apart.
      entry({
        model: 'strategy',
        record_id: 1,
        field: 'title',
        old_value: '',
        new_value: 'Nor',
        created_at: minutesAgo(23),
      }),
    ];
    openStrategyAs(MARK.id, { [ACTIVITY]: ok({ results: typing, next_before: null }) });
    const panel = await openPanel();
    const items = within(panel).getAllByTestId('activity-item');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain(`Strategy title · ${ACTIVITY_MESSAGES.edits(3)}`);
    expect(items[0]?.querySelector('del')?.textContent).toBe('Nor');
    expect(items[0]?.querySelector('ins')?.textContent).toBe('→ North star');
  });

  it('should say when nothing changed yet, and offer to retry a failed load', async () => {
    let fail = true;
    openStrategyAs(MARK.id, {
      [ACTIVITY]: () =>
        fail ? { status: 500, body: { detail: 'Server error.' } } : ok({ results: [], next_before: null }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: HISTORY_MESSAGES.activity }, { timeout: 10_000 }),
    );
    const panel = await screen.findByRole('dialog', { name: HISTORY_MESSAGES.activity });
    expect(await within(panel).findByText('Server error.', {}, { timeout: 4000 })).toBeTruthy();
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: MESSAGES.tryAgain }));
    expect(await within(panel).findByText(HISTORY_MESSAGES.noActivity)).toBeTruthy();
  });

  it('should close with Escape and give focus back to the button', async () => {
    openStrategyAs(MARK.id);
    const button = await screen.findByRole(
      'button',
      { name: HISTORY_MESSAGES.activity },
      { timeout: 10_000 },
    );
    button.focus();
    await openPanel();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('should read older changes on "Show older"', async () => {
    openStrategyAs(MARK.id, {
      [ACTIVITY]: ok({ results: history().slice(0, 1), next_before: 99 }),
      'GET /api/strategy/1/activity/?limit=50&before=99': ok({
        results: history().slice(3, 4),
        next_before: null,
      }),
    });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: HISTORY_MESSAGES.showOlder }));
    await waitFor(() => expect(within(panel).getAllByTestId('activity-item')).toHaveLength(2));
    expect(within(panel).queryByRole('button', { name: HISTORY_MESSAGES.showOlder })).toBeNull();
  });
});

describe('restoring from the Activity panel', () => {
  const restoredAnswer = {
    ...wireStrategy(),
    focus_areas: undefined,
    ambition: '<p>Grow slowly</p>',
    version: 3,
  };

  it('should PATCH the field with the restored text and the cached version, then show it', async () => {
    const server = openStrategyAs(MARK.id, { 'PATCH /api/strategy/update/1/': ok(restoredAnswer) });
    const panel = await openPanel();
    const [latest] = itemsOf(panel, ACTIVITY_MESSAGES.today);
    // The latest ambition is what the field holds: it says so instead of offering itself.
    expect(within(latest!).getByText(ACTIVITY_MESSAGES.current)).toBeTruthy();
    expect(within(latest!).queryByRole('button', { name: HISTORY_MESSAGES.restoreThis })).toBeNull();

    const [earlier] = itemsOf(panel, ACTIVITY_MESSAGES.yesterday);
    fireEvent.click(within(earlier!).getByRole('button', { name: HISTORY_MESSAGES.restoreThis }));
    expect(await within(panel).findByText(HISTORY_MESSAGES.restored)).toBeTruthy();
    const patch = server.calls.find((call) => call.method === 'PATCH');
    expect(patch).toEqual({
      method: 'PATCH',
      path: '/api/strategy/update/1/',
      body: { ambition: '<p>Grow slowly</p>', version: 1 },
    });
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Ambition' }).textContent).toContain('Grow slowly'),
    );
  });

  it('should restore the text from before a change when asked', async () => {
    const server = openStrategyAs(MARK.id, { 'PATCH /api/strategy/update/1/': ok(restoredAnswer) });
    const panel = await openPanel();
    const [latest] = itemsOf(panel, ACTIVITY_MESSAGES.today);
    fireEvent.click(within(latest!).getByRole('button', { name: ACTIVITY_MESSAGES.restorePrevious }));
    await within(panel).findByText(HISTORY_MESSAGES.restored);
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      ambition: '<p>Grow slowly</p>',
      version: 1,
    });
  });

  it('should offer restores only for fields the user may edit, and never for removed records', async () => {
    // Anna is no strategy master (ambition read-only) but owns initiative 101.
    openStrategyAs(ANNA.id);
    const panel = await openPanel();
    const [ambition, problem, owners] = itemsOf(panel, ACTIVITY_MESSAGES.today);
    expect(within(ambition!).queryAllByRole('button')).toHaveLength(0);
    expect(within(problem!).getByRole('button', { name: HISTORY_MESSAGES.restoreThis })).toBeTruthy();
    // Team lists and removed records are not text to put back.
    expect(within(owners!).queryAllByRole('button')).toHaveLength(0);
    const [earlierAmbition, removed] = itemsOf(panel, ACTIVITY_MESSAGES.yesterday);
    expect(within(earlierAmbition!).queryAllByRole('button')).toHaveLength(0);
    expect(within(removed!).queryAllByRole('button')).toHaveLength(0);
  });

  it('should restore over edits the page saw live (their text, an older version): sent again with the stored version', async () => {
    // Someone else's edit reached the page live, without its version: the server has version 2.
    const seen = { ...wireStrategy(), focus_areas: undefined, version: 2 };
    let answered = 0;
    const server = openStrategyAs(MARK.id, {
      'PATCH /api/strategy/update/1/': () =>
        answered++ === 0
          ? { status: 409, body: { detail: HISTORY_MESSAGES.stale, code: 'stale', current: seen } }
          : ok({ ...restoredAnswer, version: 3 }),
    });
    const panel = await openPanel();
    const [earlier] = itemsOf(panel, ACTIVITY_MESSAGES.yesterday);
    fireEvent.click(within(earlier!).getByRole('button', { name: HISTORY_MESSAGES.restoreThis }));
    expect(await within(panel).findByText(HISTORY_MESSAGES.restored)).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(server.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { ambition: '<p>Grow slowly</p>', version: 1 },
      { ambition: '<p>Grow slowly</p>', version: 2 },
    ]);
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Ambition' }).textContent).toContain('Grow slowly'),
    );
  });

  it('should show why a restore was refused, in the server’s words', async () => {
    openStrategyAs(MARK.id, {
      'PATCH /api/strategy/update/1/': {
        status: 409,
        body: { detail: HISTORY_MESSAGES.stale, code: 'stale', current: restoredAnswer },
      },
    });
    const panel = await openPanel();
    const [earlier] = itemsOf(panel, ACTIVITY_MESSAGES.yesterday);
    fireEvent.click(within(earlier!).getByRole('button', { name: HISTORY_MESSAGES.restoreThis }));
    const alert = await within(panel).findByRole('alert');
    expect(alert?.textContent).toContain(`${HISTORY_MESSAGES.restoreFailed} ${HISTORY_MESSAGES.stale}`);
    // The drawer is modal: the page behind it is hidden from the accessibility tree meanwhile.
    expect(screen.getByRole('textbox', { name: 'Ambition', hidden: true }).textContent).toContain(
      'Grow fast',
    );
  });
});

describe('folding a typing session', () => {
  const edit = (old_value: string, new_value: string, minutes: number) =>
    toActivityEntry(
      entry({
        model: 'strategy',
        record_id: 1,
        field: 'ambition',
        old_value,
        new_value,
        created_at: minutesAgo(minutes),
      }),
    );

  it('should keep a restore apart from the edits it undoes', () => {
    // Newest first: a restore of "A" a minute after typing "A" into "B".
    const items = collapseEntries([edit('B', 'A', 1), edit('AB', 'B', 2), edit('A', 'AB', 2)]);
    expect(items.map((item) => [item.earliest.oldValue, item.latest.newValue, item.count])).toEqual([
      ['B', 'A', 1],
      ['A', 'B', 2],
    ]);
  });
});
