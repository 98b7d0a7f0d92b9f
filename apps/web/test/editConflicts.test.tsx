/**
 * No lost updates in the browser (issue 15): every save names the version of the text the user
 * started from, a stale save shows both texts with "Keep theirs" / "Use mine", and another
 * person's live edit is marked with their name for a moment.
 */
import {
  ANNOUNCEMENT_TEXT,
  CONFLICT_CODES,
  HISTORY_MESSAGES,
  type StreamingMessage,
} from '@keystone/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { FakeWebSocket } from './fakeWebSocket';
import { openProgressAs, wireComment } from './progressUpdateFixtures';
import { type FakeAnswer, type FakeCall, fakeServer, ok, renderApp } from './renderApp';
import { typeInto } from './richTextEditing';
import { ANNA, MARK, wireStrategy, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([import('../src/routes/strategy/StrategyPage'), import('../src/realtime/RealtimeFrame')]);
});

const ALAN = { id: 21, name: 'Alan Turing', email: 'alan@example.com' };

function openStrategyAsMark(answers: Record<string, FakeAnswer> = {}) {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(wireStrategy()),
    'GET /api/locked-fields/': ok([]),
    'POST /api/lock-field/': { status: 403, body: { detail: 'not in these tests' } },
    'POST /api/unlock-field/': ok({ detail: 'The field was not locked.' }),
    ...answers,
  });
  renderApp('/strategy/1');
  return server;
}

const patches = (calls: FakeCall[]) => calls.filter((call) => call.method === 'PATCH');
const reads = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/strategy/1').length;

/** Opens the streaming socket; its first opening reads nothing again (the page has just read it). */
async function connectStreaming() {
  await waitFor(() => FakeWebSocket.latest('/ws/streaming/'));
  act(() => FakeWebSocket.latest('/ws/streaming/').open());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

const streamed = (message: StreamingMessage) =>
  act(() => FakeWebSocket.latest('/ws/streaming/').receive(message));

/** Someone moved a focus area: the page reads the strategy again. */
async function rereadBySomeoneElse(calls: FakeCall[]) {
  const before = reads(calls);
  streamed({
    res_id: 11,
    model: 'focusArea',
    field: null,
    value: null,
    user_id: ANNA.id,
    strategy_id: 1,
    action: 'sort',
  });
  await waitFor(() => expect(reads(calls)).toBe(before + 1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

const strategyAt = (version: number, fields: { title?: string; ambition?: string } = {}) => ({
  ...wireStrategy(),
  ...fields,
  version,
});
const summaryAt = (version: number, fields: { title?: string; ambition?: string } = {}) => ({
  ...wireSummary(1, 'North star'),
  ...fields,
  version,
});
const stale = (current: object, changedBy: object | null = ALAN) => ({
  status: 409,
  body: { detail: HISTORY_MESSAGES.stale, code: CONFLICT_CODES.stale, current, changed_by: changedBy },
});

describe('the version an edit started from', () => {
  it('should not move to a newer version read while an edit is unsent, and move after each save', async () => {
    let stored = strategyAt(1);
    let down = true;
    const { calls } = openStrategyAsMark({
      'GET /api/strategy/1': () => ok(stored),
      'PATCH /api/strategy/update/1/': (call) =>
        down
          ? { status: 503, body: { detail: 'Down for a moment.' } }
          : ok(summaryAt(stored.version + 1, call.body as object)),
    });
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();

    // The first attempt fails and waits to be retried; meanwhile the page reads version 5
    // (someone changed the ambition): the title's edit still started from version 1.
    fireEvent.change(title, { target: { value: 'Sharper star' } });
    expect(await screen.findByText('Not saved — retrying', {}, { timeout: 2000 })).toBeTruthy();
    stored = strategyAt(5, { ambition: '<p>Their ambition</p>' });
    await rereadBySomeoneElse(calls);
    expect(title).toHaveProperty('value', 'Sharper star');
    const failed = patches(calls).length;
    down = false;
    expect(await screen.findByText('Saved', {}, { timeout: 8000 })).toBeTruthy();
    const sent = patches(calls);
    expect(sent.length).toBeGreaterThan(failed);
    for (const call of sent) expect(call.body).toEqual({ title: 'Sharper star', version: 1 });

    // The answer's version (6) is the base of the next edit of the title.
    stored = strategyAt(6, { title: 'Sharper star', ambition: '<p>Their ambition</p>' });
    fireEvent.change(title, { target: { value: 'Sharpest star' } });
    await waitFor(() => expect(patches(calls)).toHaveLength(sent.length + 1));
    expect(patches(calls).at(-1)?.body).toEqual({ title: 'Sharpest star', version: 6 });

    // Settled and shown as stored, a newer read (9) becomes the base.
    await waitFor(() => expect(screen.getByText('Saved')).toBeTruthy());
    stored = strategyAt(9, { title: 'Sharpest star', ambition: '<p>Theirs again</p>' });
    await rereadBySomeoneElse(calls);
    fireEvent.change(title, { target: { value: 'Brightest star' } });
    await waitFor(() => expect(patches(calls)).toHaveLength(sent.length + 2));
    expect(patches(calls).at(-1)?.body).toEqual({ title: 'Brightest star', version: 9 });
  });

  it('should keep separate bases for the fields of one record', async () => {
    const { calls } = openStrategyAsMark({
      'PATCH /api/strategy/update/1/': (call) => {
        const body = call.body as { title?: string };
        // Only the title's save answers: version 2; the ambition's edit still started from 1.
        return body.title ? ok(summaryAt(2, { title: body.title })) : ok(summaryAt(3, body));
      },
    });
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    const ambition = screen.getByRole('textbox', { name: 'Ambition' });
    fireEvent.change(title, { target: { value: 'Sharper star' } });
    await typeInto(ambition, 'Reach further');
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls).map((call) => call.body)).toEqual(
      expect.arrayContaining([
        { title: 'Sharper star', version: 1 },
        { ambition: '<p>Reach further</p>', version: 1 },
      ]),
    );
  });
});

describe('a stale edit', () => {
  const theirs = summaryAt(2, { ambition: '<p>Their plan</p>' });

  async function conflictOnAmbition(answers: FakeAnswer[]) {
    const server = openStrategyAsMark({
      'PATCH /api/strategy/update/1/': (call) => {
        const next = answers.shift();
        if (!next) throw new Error('no answer left');
        return typeof next === 'function' ? next(call) : next;
      },
    });
    const ambition = await typeInto(await screen.findByRole('textbox', { name: 'Ambition' }), 'My plan');
    const panel = await screen.findByRole('region', { name: HISTORY_MESSAGES.stale }, { timeout: 3000 });
    return { ...server, ambition, panel };
  }

  it('should show their text and the user’s own, keep the user’s text and not claim Saved', async () => {
    const { ambition, panel, calls } = await conflictOnAmbition([stale(theirs)]);
    const their = within(panel).getByRole('textbox', { name: "Alan Turing's text" });
    expect(their.textContent).toBe('Their plan');
    expect(their.getAttribute('aria-readonly')).toBe('true');
    expect(within(panel).getByRole('textbox', { name: HISTORY_MESSAGES.yourText }).textContent).toBe(
      'My plan',
    );
    expect(ambition.textContent).toBe('My plan');
    expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Not saved');
    // Screen readers are interrupted once, with the field's name; no "Not saved" beside it.
    await waitFor(() =>
      expect(screen.getByTestId('announcer-assertive').textContent).toBe(
        ANNOUNCEMENT_TEXT.conflict('Ambition'),
      ),
    );
    // No retry: the user decides.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(patches(calls)).toHaveLength(1);
    expect(ambition.textContent).toBe('My plan');
    expect(screen.getByTestId('announcer-polite').textContent).toBe('');
  });

  it('should send the user’s text again over their version on "Use mine"', async () => {
    const { ambition, panel, calls } = await conflictOnAmbition([
      stale(theirs),
      (call) => ok(summaryAt(3, call.body as object)),
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: HISTORY_MESSAGES.useMine }));
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(patches(calls).map((call) => call.body)).toEqual([
      { ambition: '<p>My plan</p>', version: 1 },
      { ambition: '<p>My plan</p>', version: 2 },
    ]);
    expect(screen.queryByRole('region', { name: HISTORY_MESSAGES.stale })).toBeNull();
    expect(ambition.textContent).toBe('My plan');
  });

  it('should show their text and send nothing on "Keep theirs"; the next edit starts from their version', async () => {
    const { ambition, panel, calls } = await conflictOnAmbition([
      stale(theirs, null),
      (call) => ok(summaryAt(3, call.body as object)),
    ]);
    expect(within(panel).getByRole('textbox', { name: "Someone else's text" })).toBeTruthy();
    // The click takes the focus from the field (jsdom does not move it by itself).
    act(() => ambition.blur());
    fireEvent.click(within(panel).getByRole('button', { name: HISTORY_MESSAGES.keepTheirs }));
    await waitFor(() => expect(ambition.textContent).toBe('Their plan'));
    expect(screen.queryByRole('region', { name: HISTORY_MESSAGES.stale })).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(patches(calls)).toHaveLength(1);

    await typeInto(ambition, 'Their plan, improved');
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]?.body).toEqual({ ambition: '<p>Their plan, improved</p>', version: 2 });
  });

  it('should keep the user’s text through a re-read while the conflict is open', async () => {
    const { ambition } = await conflictOnAmbition([stale(theirs)]);
    await connectStreaming();
    expect(ambition.textContent).toBe('My plan');
    expect(screen.getByRole('region', { name: HISTORY_MESSAGES.stale })).toBeTruthy();
  });

  it('should go on without asking when the stored text is still the one the user started from', async () => {
    const { calls } = openStrategyAsMark({
      'PATCH /api/strategy/update/1/': (call) =>
        (call.body as { version: number }).version === 1
          ? stale(summaryAt(4)) // only another field changed the version it reports
          : ok(summaryAt(5, call.body as object)),
    });
    await typeInto(await screen.findByRole('textbox', { name: 'Ambition' }), 'My plan');
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeTruthy();
    expect(patches(calls).map((call) => call.body)).toEqual([
      { ambition: '<p>My plan</p>', version: 1 },
      { ambition: '<p>My plan</p>', version: 4 },
    ]);
    expect(screen.queryByRole('region', { name: HISTORY_MESSAGES.stale })).toBeNull();
  });
});

describe('a stale progress comment', () => {
  it('should name the comment’s last editor and send the user’s text over their version', async () => {
    const theirs = { ...wireComment(101, 'PR', '<p>Their progress</p>'), version: 3, author: ALAN };
    const { calls } = openProgressAs(ANNA.id, {
      'PATCH /api/comments/update/1011/': (call) =>
        (call.body as { version: number }).version === 1
          ? stale(theirs, theirs.author)
          : ok({ ...theirs, comment: (call.body as { comment: string }).comment, version: 4, author: ANNA }),
    });
    const field = await typeInto(
      await screen.findByRole('textbox', { name: 'Progress of Initiative 101' }),
      'My progress',
    );
    const panel = await screen.findByRole('region', { name: HISTORY_MESSAGES.stale }, { timeout: 3000 });
    expect(within(panel).getByRole('textbox', { name: "Alan Turing's text" }).textContent).toBe(
      'Their progress',
    );
    expect(field.textContent).toBe('My progress');
    fireEvent.click(within(panel).getByRole('button', { name: HISTORY_MESSAGES.useMine }));
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(patches(calls).map((call) => call.body)).toEqual([
      { comment: '<p>My progress</p>', version: 1 },
      { comment: '<p>My progress</p>', version: 3 },
    ]);
  });
});

describe('a live edit by someone else', () => {
  const edit = (userId: number, field: string, value: string): StreamingMessage => ({
    res_id: 1,
    model: 'strategy',
    field,
    value,
    user_id: userId,
    strategy_id: 1,
  });

  it('should name them beside the field for a moment, politely for screen readers', async () => {
    openStrategyAsMark();
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();
    streamed(edit(ANNA.id, 'title', 'Brighter star'));
    await waitFor(() => expect(title).toHaveProperty('value', 'Brighter star'));
    const mark = screen.getByTestId('live-edit-mark');
    expect(mark.textContent).toBe(HISTORY_MESSAGES.editedBy('Anna'));
    // Screen readers hear it once, from the app's polite region, with the field's name.
    await waitFor(() =>
      expect(screen.getByTestId('announcer-polite').textContent).toBe(
        ANNOUNCEMENT_TEXT.liveEdit('Anna', 'Strategy title'),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('live-edit-mark')).toBeNull(), { timeout: 5000 });
  });

  it('should not mark the user’s own edits, and call an unknown person someone else', async () => {
    openStrategyAsMark();
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    await connectStreaming();
    streamed(edit(MARK.id, 'title', 'My own star'));
    await waitFor(() => expect(title).toHaveProperty('value', 'My own star'));
    expect(screen.queryByTestId('live-edit-mark')).toBeNull();
    streamed(edit(999, 'ambition', '<p>From afar</p>'));
    expect((await screen.findByTestId('live-edit-mark')).textContent).toBe(
      HISTORY_MESSAGES.editedBy(HISTORY_MESSAGES.someoneElse.toLowerCase()),
    );
  });
});
