/**
 * Restoring a measure's changes from the Activity panel (issue 30): a definition's field is put
 * back alone with the measure's version, a reading's value or note with the current reading's
 * version and due date, a refusal is shown in the server's words, and a reading of a due date that
 * has passed offers no restore (it would be written into the current one).
 */
import {
  ACTIVITY_MESSAGES,
  type ActivityEntry,
  HISTORY_MESSAGES,
  MEASURE_MESSAGES,
  MEASURE_TEXT,
  type Strategy,
} from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { wireMeasure } from './measureFixtures';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireStrategy } from './strategyPageFixtures';

// Between the locked due date of 03/01 and the current one of 06/01 (measureFixtures.ts).
const NOW = new Date(2026, 3, 10, 12, 0, 0);
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

const revenue = wireMeasure(30, { initiative: 101 });

function strategyWithRevenue(): Strategy {
  const strategy = wireStrategy();
  const [first, second] = strategy.focus_areas;
  return {
    ...strategy,
    focus_areas: [
      {
        ...first!,
        initiatives: first!.initiatives.map((initiative) =>
          initiative.id === 101 ? { ...initiative, measures: [revenue] } : initiative,
        ),
      },
      second!,
    ],
  };
}

const entry = (id: number, field: string, oldValue: string, newValue: string, at: string): ActivityEntry => ({
  id,
  model: 'measure',
  record_id: 30,
  initiative_id: 101,
  field,
  old_value: oldValue,
  new_value: newValue,
  version: 2,
  user: MARK,
  created_at: at,
});

/** Newest first: the target changed today, the value read this period, a note of the locked period. */
const HISTORY = [
  entry(3, 'target', '1800', '2000', minutesAgo(1)),
  entry(2, 'value', '1400', '1500', minutesAgo(10)),
  entry(1, 'note', 'Slow', 'Slow start', '2026-02-20T10:00:00.000Z'),
];

function openStrategy(answers: Record<string, FakeAnswer>) {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(strategyWithRevenue()),
    'GET /api/locked-fields/': ok([]),
    'GET /api/strategy/1/activity/?limit=50': ok({ results: HISTORY, next_before: null }),
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
  return { panel, items: await within(panel).findAllByTestId('activity-item') };
}

const patches = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((call) => call.method === 'PATCH').map(({ path, body }) => ({ path, body }));

describe('restoring a measure from the Activity panel', { timeout: 20_000 }, () => {
  it('should put back a definition’s field alone with the measure’s version and show it on the board', async () => {
    const server = openStrategy({
      'PATCH /api/measures/update/30/': ok({ ...revenue, target: '1800', version: 2 }),
    });
    const { panel, items } = await openPanel();
    const [target] = items;
    expect(within(target!).getByText(ACTIVITY_MESSAGES.current)).toBeTruthy();
    fireEvent.click(within(target!).getByRole('button', { name: ACTIVITY_MESSAGES.restorePrevious }));
    expect(await within(panel).findByText(HISTORY_MESSAGES.restored)).toBeTruthy();
    expect(patches(server)).toEqual([
      { path: '/api/measures/update/30/', body: { target: '1800', version: 1 } },
    ]);
    fireEvent.keyDown(panel, { key: 'Escape' });
    const card = await screen.findByRole('list', { name: MEASURE_TEXT.measuresOf("'Initiative 101'") });
    await waitFor(() => expect(card.textContent).toContain('€1,500 of €1,800'));
  });

  it('should show why a definition’s restore was refused, in the server’s words', async () => {
    openStrategy({
      'PATCH /api/measures/update/30/': {
        status: 400,
        body: { detail: MEASURE_MESSAGES.increaseBelowBaseline, errors: { target: ['x'] } },
      },
    });
    const { panel, items } = await openPanel();
    fireEvent.click(within(items[0]!).getByRole('button', { name: ACTIVITY_MESSAGES.restorePrevious }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(MEASURE_MESSAGES.increaseBelowBaseline);
  });

  it('should write a reading’s value back to the current reading with its version and due date', async () => {
    const restored = { ...revenue, current: { ...revenue.current, value: '1400', version: 3 } };
    const server = openStrategy({ 'PATCH /api/measures/reading/30/': ok(restored) });
    const { panel, items } = await openPanel();
    fireEvent.click(within(items[1]!).getByRole('button', { name: ACTIVITY_MESSAGES.restorePrevious }));
    expect(await within(panel).findByText(HISTORY_MESSAGES.restored)).toBeTruthy();
    expect(patches(server)).toEqual([
      {
        path: '/api/measures/reading/30/',
        body: { value: '1400', version: 2, due_date: revenue.current.due_date },
      },
    ]);
    fireEvent.keyDown(panel, { key: 'Escape' });
    const card = await screen.findByRole('list', { name: MEASURE_TEXT.measuresOf("'Initiative 101'") });
    await waitFor(() => expect(card.textContent).toContain('€1,400 of €2,000'));
  });

  it('should offer no restore for a reading locked at a past due date', async () => {
    openStrategy({});
    const { items } = await openPanel();
    expect(within(items[2]!).queryAllByRole('button')).toHaveLength(0);
  });
});
