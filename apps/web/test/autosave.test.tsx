import { MESSAGES } from '@keystone/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client';
import { staleText } from '../src/api/staleEdits';
import { failureMessage } from '../src/api/strategies';
import { FieldSaver, type FieldSaveSnapshot } from '../src/lib/autosave/fieldSaver';
import { PAGE_SAVE_TEXT, SaveStatusStore } from '../src/lib/autosave/saveStatus';
import { describeSaveError, isRetryableSaveError } from '../src/lib/autosave/useAutosave';
import { strategyTitleProblem } from '../src/lib/strategyFieldRules';

const DEBOUNCE = 250;

/** A saver of strategy titles whose server answers are scripted per call. */
function makeSaver(answers: Array<() => Promise<void>> = []) {
  const saved: string[] = [];
  const states: FieldSaveSnapshot[] = [];
  const save = vi.fn(async (value: string) => {
    saved.push(value);
    const answer = answers.shift();
    if (answer) await answer();
    return { value, version: saved.length + 1 };
  });
  const saver = new FieldSaver<string>({
    save,
    staleEdit: (error) => staleText(error, 'title'),
    validate: strategyTitleProblem,
    isRetryable: isRetryableSaveError,
    describeError: (error) => describeSaveError(error, (cause) => failureMessage('updateStrategy', cause)),
    onChange: (snapshot) => states.push(snapshot),
    debounceMs: DEBOUNCE,
    retryDelayMs: { first: 1000, max: 8000 },
  });
  return { saver, save, saved, states };
}

const fail =
  (status: number, detail: string | null = null, fieldErrors = {}) =>
  () =>
    Promise.reject(new ApiError(status, detail, fieldErrors));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FieldSaver', () => {
  it('should save once, 250 ms after the last change, with the latest value', async () => {
    const { saver, saved } = makeSaver();
    saver.change('S');
    await vi.advanceTimersByTimeAsync(200);
    saver.change('St');
    await vi.advanceTimersByTimeAsync(200);
    saver.change('Strategy');
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(saved).toEqual([]);
    expect(saver.current.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual(['Strategy']);
    expect(saver.current).toEqual({ state: 'idle', error: null });
  });

  it('should not save a value that breaks the contract rule, and show its message', async () => {
    const { saver, saved } = makeSaver();
    saver.change('   ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([]);
    expect(saver.current).toEqual({ state: 'invalid', error: MESSAGES.fieldEmpty });
    saver.change('x'.repeat(201));
    expect(saver.current.error).toBe(MESSAGES.charactersReached);
    saver.change('Fixed');
    expect(saver.current.error).toBeNull();
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(saved).toEqual(['Fixed']);
  });

  it('should retry a failed save with growing delays until it succeeds', async () => {
    const { saver, saved, states } = makeSaver([fail(0), fail(503), fail(0)]);
    saver.change('Offline edit');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(saver.current.state).toBe('retrying');
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s after the first failure
    expect(saved).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(saved).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1); // 2 s after the second
    expect(saved).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000); // 4 s after the third; this one succeeds
    expect(saved).toEqual(Array(4).fill('Offline edit'));
    expect(saver.current.state).toBe('idle');
    expect(states.map((state) => state.state)).toContain('retrying');
  });

  it('should not retry a value the server refuses, and show the server rule under the field', async () => {
    const { saver, saved } = makeSaver([
      fail(400, 'Invalid input.', { title: ['Too long, says the server.'] }),
    ]);
    saver.change('Refused');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(saver.current).toEqual({ state: 'failed', error: 'Too long, says the server.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saved).toEqual(['Refused']);
  });

  it('should fall back to the spec default when a refusal has no message', async () => {
    const { saver } = makeSaver([fail(403)]);
    saver.change('Not mine');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(saver.current).toEqual({ state: 'failed', error: 'Failed to update strategy' });
  });

  it('should send what was typed during a save once that save returns', async () => {
    let finishFirst: () => void = () => {};
    const { saver, saved } = makeSaver([() => new Promise<void>((resolve) => (finishFirst = resolve))]);
    saver.change('First');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    saver.change('First and more');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(saved).toEqual(['First']);
    expect(saver.current.state).toBe('saving');
    finishFirst();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual(['First', 'First and more']);
    expect(saver.current.state).toBe('idle');
  });

  it('should save a newer value even when the older one failed', async () => {
    let failFirst: () => void = () => {};
    const { saver, saved } = makeSaver([
      () => new Promise<void>((_, reject) => (failFirst = () => reject(new ApiError(400, 'No.')))),
    ]);
    saver.change('Old');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    saver.change('New');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    failFirst();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual(['Old', 'New']);
    expect(saver.current.state).toBe('idle');
  });

  it('should send a waiting change at once when flushed (the field is unmounting)', async () => {
    const { saver, saved } = makeSaver();
    saver.change('Leaving');
    saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual(['Leaving']);
  });
});

describe('isRetryableSaveError', () => {
  it.each([
    [0, true],
    [409, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [403, false],
    [404, false],
  ])('status %i → %s', (status, retryable) => {
    expect(isRetryableSaveError(new ApiError(status, null))).toBe(retryable);
  });
});

describe('SaveStatusStore', () => {
  it('should say Saving…, Saved and Not saved — retrying for the page as a whole', () => {
    const store = new SaveStatusStore();
    expect(PAGE_SAVE_TEXT[store.getStatus()]).toBe('');
    store.report('title', 'pending');
    expect(PAGE_SAVE_TEXT[store.getStatus()]).toBe('Saving…');
    store.report('ambition', 'retrying');
    expect(PAGE_SAVE_TEXT[store.getStatus()]).toBe('Not saved — retrying');
    expect(store.hasUnsavedChanges()).toBe(true);
    store.report('ambition', 'idle');
    store.markSaved();
    expect(store.getStatus()).toBe('saving');
    store.report('title', 'idle');
    expect(PAGE_SAVE_TEXT[store.getStatus()]).toBe('Saved');
    expect(store.hasUnsavedChanges()).toBe(false);
  });

  it('should not count a field that is gone', () => {
    const store = new SaveStatusStore();
    store.report('focusArea:3:title', 'failed');
    expect(store.getStatus()).toBe('failed');
    store.forget('focusArea:3:title');
    expect(store.getStatus()).toBe('idle');
  });
});
