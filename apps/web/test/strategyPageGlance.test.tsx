/**
 * Status at a glance on the strategy board (issue 18): each card's reported status, owners and last
 * update, each focus area's count per status, in preview too, and live after a due date passes.
 */
import { BOARD_TEXT, type Initiative } from '@keystone/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { FakeWebSocket } from './fakeWebSocket';
import { fakeServer, ok, renderApp } from './renderApp';
import { ANNA, MARK, wireFocusArea, wireInitiative, wireStrategy, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([import('../src/routes/strategy/StrategyPage'), import('../src/realtime/RealtimeFrame')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const person = (id: number, name: string | null, email: string) => ({ id, name, email });
const OWNERS = [
  ANNA,
  person(20, 'Bea Lindqvist', 'bea@example.com'),
  person(21, null, 'carl@example.com'),
  person(22, 'Dora Ng', 'dora@example.com'),
  { ...person(23, 'Emil Roth', 'emil@example.com'), is_active: false as const },
];
// Of an earlier year than any run of these tests: the date says its year.
const REPORTED = '2025-03-12T09:00:00.000Z';

/** Focus area 11 holds a Blocked, an On Track, an On Track and a never reported initiative. */
function glanceStrategy(first: Partial<Initiative> = {}) {
  return {
    ...wireSummary(1, 'North star'),
    focus_areas: [
      wireFocusArea(11, 0, [
        wireInitiative(101, 11, 0, {
          owners: OWNERS,
          last_status: 'BL',
          last_progress_update: REPORTED,
          ...first,
        }),
        wireInitiative(102, 11, 1, { owners: [MARK], last_status: 'OT', last_progress_update: REPORTED }),
        wireInitiative(103, 11, 2, { last_status: 'OT', last_progress_update: REPORTED }),
        // A code outside spec §4 reads as Inactive, like no status at all.
        wireInitiative(104, 11, 3, { last_status: 'XX' }),
      ]),
      wireFocusArea(12, 1, [wireInitiative(105, 12, 0)]),
    ],
  };
}

function openBoard(strategy: unknown = glanceStrategy()) {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(strategy),
    'GET /api/locked-fields/': ok([]),
  });
  renderApp('/strategy/1');
  return server;
}

const cards = (area: number) =>
  within(screen.getByRole('region', { name: `Focus area ${area}` })).getAllByTestId('initiative-card');
const countsOf = (area: number) =>
  within(screen.getByRole('region', { name: `Focus area ${area}` }))
    .getByRole('list', { name: BOARD_TEXT.statusCounts })
    .querySelectorAll('li');
const texts = (nodes: Iterable<Element>) => [...nodes].map((node) => node.textContent);

describe('strategy board at a glance', () => {
  it("should show each card's reported status as a label a screen reader hears", async () => {
    openBoard();
    await screen.findByRole('textbox', { name: 'Strategy title' });
    expect(texts(cards(1).map((card) => within(card).getByTestId('initiative-status')))).toEqual([
      'Status: Blocked',
      'Status: On Track',
      'Status: On Track',
      'Status: Inactive',
    ]);
    expect(within(cards(2)[0]!).getByTestId('initiative-status').textContent).toBe('Status: Inactive');
  });

  it('should count each focus area per status, in the order of spec §4, leaving out empty ones', async () => {
    openBoard();
    await screen.findByRole('textbox', { name: 'Strategy title' });
    expect(texts(countsOf(1))).toEqual(['1 Inactive', '1 Blocked', '2 On Track']);
    expect(texts(countsOf(2))).toEqual(['1 Inactive']);
  });

  it('should name three owners by initials and fold the rest into +N that names them', async () => {
    openBoard();
    await screen.findByRole('textbox', { name: 'Strategy title' });
    const owners = within(cards(1)[0]!).getByRole('list', { name: BOARD_TEXT.owners });
    const avatars = within(owners).getAllByRole('img');
    expect(avatars.map((avatar) => avatar.getAttribute('aria-label'))).toEqual([
      'Anna',
      'Bea Lindqvist',
      'carl@example.com',
      BOARD_TEXT.moreOwners(['Dora Ng', 'Emil Roth (deactivated)']),
    ]);
    expect(texts(avatars)).toEqual(['A', 'BL', 'C', '+2']);
    fireEvent.mouseOver(avatars[1]!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Bea Lindqvist');
    expect(within(cards(1)[2]!).getByText(BOARD_TEXT.noOwner)).toBeTruthy();
  });

  it('should date the last update as the spec does (MM/DD/YYYY), or say there is none yet', async () => {
    openBoard();
    await screen.findByRole('textbox', { name: 'Strategy title' });
    const date = within(cards(1)[0]!).getByTestId('initiative-last-update');
    expect(date.textContent).toBe('Updated 03/12/2025');
    expect(date.getAttribute('datetime')).toBe(REPORTED);
    expect(within(cards(1)[3]!).getByText(BOARD_TEXT.noUpdateYet)).toBeTruthy();
  });

  it('should keep status, owners, date and counts in preview', async () => {
    openBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Strategy menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add focus area' })).toBeNull());
    const first = cards(1)[0]!;
    expect(within(first).getByTestId('initiative-status').textContent).toBe('Status: Blocked');
    expect(within(first).getAllByRole('img')).toHaveLength(4);
    expect(within(first).getByTestId('initiative-last-update')).toBeTruthy();
    expect(texts(countsOf(1))).toEqual(['1 Inactive', '1 Blocked', '2 On Track']);
  });

  it('should follow a due date processed elsewhere: status, date and counts change live', async () => {
    let strategy: unknown = wireStrategy();
    saveSession({ id: MARK.id, token: 'key' });
    fakeServer({ 'GET /api/strategy/1': () => ok(strategy), 'GET /api/locked-fields/': ok([]) });
    renderApp('/strategy/1');
    await screen.findByRole('textbox', { name: 'Strategy title' });
    await waitFor(() => FakeWebSocket.latest('/ws/streaming/'));
    act(() => FakeWebSocket.latest('/ws/streaming/').open());
    expect(texts(countsOf(1))).toEqual(['2 Inactive']);

    strategy = glanceStrategy();
    act(() =>
      FakeWebSocket.latest('/ws/streaming/').receive({
        res_id: 1,
        model: 'strategy',
        field: null,
        value: null,
        user_id: 0,
        strategy_id: 1,
        action: 'progress',
      }),
    );
    await waitFor(() =>
      expect(within(cards(1)[0]!).getByTestId('initiative-status').textContent).toBe('Status: Blocked'),
    );
    expect(within(cards(1)[0]!).getByTestId('initiative-last-update').getAttribute('datetime')).toBe(
      REPORTED,
    );
    expect(texts(countsOf(1))).toEqual(['1 Inactive', '1 Blocked', '2 On Track']);
  });
});
