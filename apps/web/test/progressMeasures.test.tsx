/**
 * Measures on the progress page (issue 30): each measure's reading of the current due date,
 * autosaved with its version; the suggestion beside the owner's status and the mark when they
 * disagree; a locked date's readings read-only; the small trend with its table; live updates.
 */
import {
  CONFLICT_CODES,
  HISTORY_MESSAGES,
  MEASURE_MESSAGES,
  MEASURE_TEXT,
  MESSAGES,
  type Measure,
  type StreamingMessage,
} from '@keystone/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeWebSocket } from './fakeWebSocket';
import { wireMeasure } from './measureFixtures';
import { NEWER, NEXT, OLDER, openProgressAs, progressStrategy, rowOf } from './progressUpdateFixtures';
import { ok } from './renderApp';
import { ANNA, MARK } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/progress-update/ProgressUpdatePage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

/** Revenue on initiative 101: 100 → 200 over the year from the first due date (11/23/2026). */
function revenue(fields: Partial<Measure> = {}): Measure {
  return wireMeasure(
    501,
    { initiative: 101 },
    {
      title: 'Revenue',
      decimals: 2,
      baseline: '100',
      target: '200',
      target_date: '2027-11-23',
      start_date: '2026-11-23',
      current: {
        due_date: new Date(NEXT).toISOString(),
        value: null,
        note: '',
        version: 3,
        updated_by: null,
        updated_at: OLDER,
      },
      // 120 at 11/30 is ahead of the line: on track.
      history: [
        { due_date: OLDER, value: '98', note: '' },
        { due_date: NEWER, value: '120', note: 'Big deal closed' },
      ],
      ...fields,
    },
  );
}

const withCurrent = (value: string | null, note = '') => {
  const measure = revenue();
  return revenue({ current: { ...measure.current, value, note } });
};

/** The strategy with these measures on initiative 101 and these on focus area 11. */
const strategyWith = (onInitiative: Measure[], onFocusArea: Measure[] = []) =>
  progressStrategy((strategy) => ({
    ...strategy,
    focus_areas: strategy.focus_areas.map((area) => ({
      ...area,
      measures: area.id === 11 ? onFocusArea : [],
      initiatives: area.initiatives.map((initiative) => ({
        ...initiative,
        measures: initiative.id === 101 ? onInitiative : [],
      })),
    })),
  }));

const valueBox = (title = 'Revenue') => screen.findByRole('textbox', { name: MEASURE_TEXT.valueOf(title) });
const type = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });

describe('progress page: readings', () => {
  it('should save a reading with its version and due date, and say what it means', async () => {
    const { calls } = openProgressAs(ANNA.id, {
      'GET /api/strategy/1': ok(strategyWith([revenue()])),
      'PATCH /api/measures/reading/501/': (call) => {
        const { value } = call.body as { value: string };
        const saved = withCurrent(value);
        return ok({ ...saved, current: { ...saved.current, version: 4 } });
      },
    });
    const box = await valueBox();
    expect(box.getAttribute('readonly')).toBeNull();
    expect(within(rowOf(101)).getByTestId('reading-outcome').textContent).toBe(MEASURE_TEXT.noReading);
    type(box, '90');
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/api/measures/reading/501/',
        body: { value: '90', version: 3, due_date: new Date(NEXT).toISOString() },
      },
    ]);
    // 90 at 12/07 is more than the amber band (10 % of the way) short of the line: off track.
    await waitFor(() =>
      expect(within(rowOf(101)).getByTestId('reading-outcome').textContent).toBe(
        `€90.00 · ${MEASURE_TEXT.progress('-10 %')} · ${MEASURE_TEXT.suggested('off_track')}`,
      ),
    );
  });

  it('should send an emptied value as no reading, and a note on its own', async () => {
    const { calls } = openProgressAs(ANNA.id, {
      'GET /api/strategy/1': ok(strategyWith([withCurrent('150')])),
      'PATCH /api/measures/reading/501/': (call) => {
        const body = call.body as { value?: string | null; note?: string };
        return ok(withCurrent(body.value === undefined ? '150' : body.value, body.note ?? ''));
      },
    });
    type(await valueBox(), '');
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ value: null });
    await waitFor(() =>
      expect(within(rowOf(101)).getByTestId('reading-outcome').textContent).toBe(MEASURE_TEXT.noReading),
    );
    type(screen.getByRole('textbox', { name: MEASURE_TEXT.noteOf('Revenue') }), 'Audit pending');
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PATCH')[1]?.body).toMatchObject({ note: 'Audit pending' });
    expect(calls.filter((call) => call.method === 'PATCH')[1]?.body).not.toHaveProperty('value');
  });

  it('should refuse a value with more decimals than the measure has, and send nothing', async () => {
    const { calls } = openProgressAs(ANNA.id, { 'GET /api/strategy/1': ok(strategyWith([revenue()])) });
    type(await valueBox(), '12.345');
    expect(await screen.findByText(MEASURE_MESSAGES.tooManyDecimals('The value', 2))).toBeTruthy();
    type(await valueBox(), 'lots');
    expect(await screen.findByText(MEASURE_MESSAGES.notANumber('The value'))).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('should say when the due date passed before the reading was saved, and read the page again', async () => {
    const { calls } = openProgressAs(ANNA.id, {
      'GET /api/strategy/1': ok(strategyWith([revenue()])),
      'PATCH /api/measures/reading/501/': {
        status: 409,
        body: { detail: MEASURE_MESSAGES.readingLocked, code: CONFLICT_CODES.readingLocked },
      },
    });
    type(await valueBox(), '150');
    expect(await screen.findByText(MEASURE_MESSAGES.readingLocked, {}, { timeout: 2000 })).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/strategy/1')).toHaveLength(2));
    // Not retried: the period is over.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('should name whose reading came first when a save is refused as stale, and send the user’s value over it on "Use mine"', async () => {
    const alan = { id: 21, name: 'Alan Turing', email: 'alan@example.com' };
    const theirs = withCurrent('120');
    let refused = false;
    const { calls } = openProgressAs(ANNA.id, {
      'GET /api/strategy/1': ok(strategyWith([revenue()])),
      'PATCH /api/measures/reading/501/': (call) => {
        if (!refused) {
          refused = true;
          return {
            status: 409,
            body: {
              detail: HISTORY_MESSAGES.stale,
              code: CONFLICT_CODES.stale,
              current: { ...theirs, current: { ...theirs.current, version: 4 } },
              changed_by: alan,
            },
          };
        }
        const saved = withCurrent((call.body as { value: string }).value);
        return ok({ ...saved, current: { ...saved.current, version: 5 } });
      },
    });
    type(await valueBox(), '90');
    const panel = await screen.findByRole('region', { name: HISTORY_MESSAGES.stale }, { timeout: 3000 });
    expect(within(panel).getByText(HISTORY_MESSAGES.theirText('Alan Turing'))).toBeTruthy();
    expect(within(panel).getByText('120')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: HISTORY_MESSAGES.useMine }));
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { value: '90', version: 3, due_date: new Date(NEXT).toISOString() },
      { value: '90', version: 4, due_date: new Date(NEXT).toISOString() },
    ]);
  });

  it('should keep readings read-only for people without the progress right, and say why', async () => {
    openProgressAs(ANNA.id, {
      'GET /api/strategy/1': ok(strategyWith([], [revenue({ id: 502, initiative: null, focus_area: 11 })])),
    });
    // A focus area's readings are the strategy masters' to write.
    const box = await valueBox();
    expect(box.getAttribute('readonly')).not.toBeNull();
    expect(box.getAttribute('placeholder')).toBe(MEASURE_TEXT.noReading);
    fireEvent.mouseOver(box);
    expect((await screen.findByRole('tooltip')).textContent).toBe(MESSAGES.noPermission);
  });

  it("should let a strategy master write a focus area's readings", async () => {
    openProgressAs(MARK.id, {
      'GET /api/strategy/1': ok(strategyWith([], [revenue({ id: 502, initiative: null, focus_area: 11 })])),
    });
    expect((await valueBox()).getAttribute('readonly')).toBeNull();
  });
});

describe('progress page: what the numbers suggest', () => {
  it("should show the suggestion beside the owner's status, and mark when they disagree", async () => {
    // 101 is On Track by its owner; 90 is off track by the numbers.
    openProgressAs(ANNA.id, { 'GET /api/strategy/1': ok(strategyWith([withCurrent('90')])) });
    await valueBox();
    const row = rowOf(101);
    const status = within(row).getAllByTestId('suggestion')[0];
    expect(status?.textContent).toBe(MEASURE_TEXT.suggested('off_track'));
    expect(within(row).getByTestId('status-mismatch').textContent).toBe(MEASURE_TEXT.mismatch);
  });

  it('should show no mark when the owner and the numbers agree', async () => {
    openProgressAs(ANNA.id, { 'GET /api/strategy/1': ok(strategyWith([withCurrent('150')])) });
    await valueBox();
    expect(within(rowOf(101)).getAllByTestId('suggestion')[0]?.textContent).toBe(
      MEASURE_TEXT.suggested('on_track'),
    );
    expect(within(rowOf(101)).queryByTestId('status-mismatch')).toBeNull();
  });

  it('should draw the trend and disclose its readings as a table', async () => {
    openProgressAs(ANNA.id, { 'GET /api/strategy/1': ok(strategyWith([withCurrent('150')])) });
    await valueBox();
    expect(
      screen.getByRole('img', { name: MEASURE_TEXT.trendSummary('Revenue', 3, '€150.00') }),
    ).toBeTruthy();
    const table = within(rowOf(101)).getByRole('table', { name: MEASURE_TEXT.tableCaption('Revenue') });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      `${MEASURE_TEXT.dueDate}${MEASURE_TEXT.reading}`,
      '11/23/2026€98.00',
      '11/30/2026€120.00',
      `${MEASURE_TEXT.current}€150.00`,
    ]);
  });
});

describe('progress page: a locked due date', () => {
  it("should show that date's reading read-only, with the suggestion against that date's status", async () => {
    const { calls } = openProgressAs(ANNA.id, {
      'GET /api/strategy/1': ok(strategyWith([withCurrent('90')])),
      // Kept with that date, so the view needs no measure's recent history to go that far back.
      'POST /api/locked-readings/': ok([
        { measure: 501, due_date: NEWER, value: '120', note: 'Big deal closed' },
      ]),
    });
    await valueBox();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Due Date' }));
    fireEvent.click(await screen.findByRole('option', { name: /^11\/30\/2026/ }));
    await screen.findByText('Beta shipped');
    const row = rowOf(101);
    expect(within(row).queryByRole('textbox', { name: MEASURE_TEXT.valueOf('Revenue') })).toBeNull();
    expect(within(row).getByText('Big deal closed')).toBeTruthy();
    expect(within(row).getByTestId('reading-outcome').textContent).toBe(
      `€120.00 · ${MEASURE_TEXT.progress('20 %')} · ${MEASURE_TEXT.suggested('on_track')}`,
    );
    // Blocked by its owner that day, on track by the numbers.
    expect(within(row).getByTestId('status-mismatch')).toBeTruthy();
    // The trend ends at that date.
    expect(within(row).getAllByRole('row')).toHaveLength(3);
    expect(calls.find((call) => call.path === '/api/locked-readings/')?.body).toEqual({
      strategy_id: 1,
      date: NEWER,
    });
  });
});

describe('progress page: readings live', () => {
  it("should show another person's reading as it arrives", async () => {
    openProgressAs(MARK.id, { 'GET /api/strategy/1': ok(strategyWith([revenue()])) });
    const box = await valueBox();
    const socket = await waitFor(() => FakeWebSocket.latest('/ws/streaming/'));
    act(() => socket.open());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const message: StreamingMessage = {
      res_id: 501,
      model: 'measure',
      field: 'value',
      value: '175.5',
      user_id: 9,
      strategy_id: 1,
    };
    act(() => socket.receive(message));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('175.5'));
    expect(within(rowOf(101)).getByTestId('reading-outcome').textContent).toContain('€175.50');
    act(() => socket.receive({ ...message, value: null }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });
});
