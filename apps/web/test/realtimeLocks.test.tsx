import { ANNOUNCEMENT_TEXT, CONFLICT_CODES, type LockMessage, MESSAGES } from '@keystone/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { CONNECTION_ID } from '../src/realtime/connectionId';
import { FieldLockSession } from '../src/realtime/fieldLockSession';
import { LockMap } from '../src/realtime/lockMap';
import { RealtimeClient } from '../src/realtime/realtimeClient';
import { FakeWebSocket } from './fakeWebSocket';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireStrategy } from './strategyPageFixtures';

// The strategy page's code loads lazily; importing it up front keeps that out of the first test's time.
beforeAll(async () => {
  await Promise.all([import('../src/routes/strategy/StrategyPage'), import('../src/realtime/RealtimeFrame')]);
});

/** Lena, a second strategy master, and what the locks socket says about her. */
const LENA = { id: 9, name: 'Lena Lock' };
const LENA_AS_PERSON = { ...LENA, email: 'lena@example.com' };
const strategyTitle = { model: 'strategy', resId: 1, field: 'title' } as const;

function lenaLocks(
  action: LockMessage['action'],
  target: { model: LockMessage['model']; resId: number; field: string } = strategyTitle,
): LockMessage {
  const { model, resId, field } = target;
  return { res_id: resId, model, field, user_id: LENA.id, user: LENA.name, action, strategy_id: 1 };
}

const lockedField = (message: LockMessage) => {
  const { action: _action, ...field } = message;
  return { ...field, expires_at: '2026-01-05T10:00:30.000Z' };
};

describe('LockMap', () => {
  it('should follow lock and unlock messages', () => {
    const locks = new LockMap();
    const changes = vi.fn();
    locks.subscribe(changes);
    locks.apply(lenaLocks('lock'));
    expect(locks.holder(strategyTitle)).toEqual({ userId: LENA.id, user: LENA.name });
    expect(locks.holder({ ...strategyTitle, field: 'ambition' })).toBeNull();
    locks.apply(lenaLocks('unlock'));
    expect(locks.holder(strategyTitle)).toBeNull();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('should be replaced by the list of locked fields, keeping unchanged holders as they were', () => {
    const locks = new LockMap();
    const ambition = { ...strategyTitle, field: 'ambition' };
    locks.apply(lenaLocks('lock'));
    locks.apply(lenaLocks('lock', ambition));
    const titleHolder = locks.holder(strategyTitle);
    locks.reset([lockedField(lenaLocks('lock'))]);
    expect(locks.holder(strategyTitle)).toBe(titleHolder);
    expect(locks.holder(ambition)).toBeNull();
  });

  it("should not let someone else's late unlock free a field a 409 named a newer holder for", () => {
    const locks = new LockMap();
    locks.hold({ model: 'strategy', res_id: 1, field: 'title', user_id: LENA.id, user: LENA.name });
    locks.apply({ ...lenaLocks('unlock'), user_id: 42, user: 'Earlier Holder' });
    expect(locks.holder(strategyTitle)?.userId).toBe(LENA.id);
  });
});

describe('FieldLockSession', () => {
  it('should lock on focus, renew while focused and unlock on blur', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const session = new FieldLockSession(
      {
        lock: async () => void calls.push('lock'),
        unlock: async () => void calls.push('unlock'),
      },
      10_000,
    );
    session.focus();
    await vi.advanceTimersByTimeAsync(25_000);
    session.blur();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(calls).toEqual(['lock', 'lock', 'lock', 'unlock']);
  });

  it('should send the unlock only after a lock call still under way', async () => {
    const calls: string[] = [];
    let finishLock = () => {};
    const session = new FieldLockSession({
      lock: () =>
        new Promise<void>((resolve) => {
          calls.push('lock sent');
          finishLock = () => {
            calls.push('lock answered');
            resolve();
          };
        }),
      unlock: async () => void calls.push('unlock sent'),
    });
    session.focus();
    session.blur();
    await Promise.resolve();
    expect(calls).toEqual(['lock sent']);
    finishLock();
    await waitFor(() => expect(calls).toEqual(['lock sent', 'lock answered', 'unlock sent']));
  });

  it('should keep going after a failed call', async () => {
    const unlock = vi.fn(async () => {});
    const session = new FieldLockSession({ lock: () => Promise.reject(new Error('offline')), unlock });
    session.focus();
    session.blur();
    await waitFor(() => expect(unlock).toHaveBeenCalledOnce());
  });
});

describe('RealtimeClient lock map', () => {
  it('should apply messages that arrive while the list is read after the list', async () => {
    const ambition = { ...strategyTitle, field: 'ambition' };
    // The list still shows Lena on the title; the messages that overtook it say she moved on.
    fakeServer({ 'GET /api/locked-fields/': ok([lockedField(lenaLocks('lock'))]) });
    const client = new RealtimeClient({ id: MARK.id, token: 'key' }, new QueryClient());
    client.start();
    const socket = FakeWebSocket.latest('/ws/locks/');
    socket.open();
    socket.receive(lenaLocks('unlock'));
    socket.receive(lenaLocks('lock', ambition));
    await waitFor(() => expect(client.locks.holder(ambition)?.userId).toBe(LENA.id));
    expect(client.locks.holder(strategyTitle)).toBeNull();
    client.stop();
  });

  it('should log and ignore a message that breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer({ 'GET /api/locked-fields/': ok([]) });
    const client = new RealtimeClient({ id: MARK.id, token: 'key' }, new QueryClient());
    client.start();
    const socket = FakeWebSocket.latest('/ws/locks/');
    socket.open();
    await waitFor(() => expect(client.connection.getStatus()).toBe('connected'));
    socket.receive({ ...lenaLocks('lock'), action: 'steal' });
    socket.receive('{not json');
    expect(client.locks.holder(strategyTitle)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    client.stop();
  });
});

// ---- on the strategy page -------------------------------------------------------------------

function openStrategyAsMark(answers: Record<string, FakeAnswer> = {}) {
  saveSession({ id: MARK.id, token: 'key' });
  return fakeServer({
    'GET /api/strategy/1': ok(wireStrategy()),
    'GET /api/locked-fields/': ok([]),
    'POST /api/lock-field/': ok(lockedField({ ...lenaLocks('lock'), user_id: MARK.id, user: MARK.name })),
    'POST /api/unlock-field/': ok({ detail: 'The field is unlocked.' }),
    ...answers,
  });
}

async function connectLocks() {
  await waitFor(() => FakeWebSocket.latest('/ws/locks/'));
  act(() => FakeWebSocket.latest('/ws/locks/').open());
}

const titleBox = () => screen.findByRole('textbox', { name: 'Strategy title' });

describe('field locks on the strategy page', () => {
  it("should make a field another user holds read-only, with a lock and the holder's name, and say so politely", async () => {
    openStrategyAsMark();
    renderApp('/strategy/1');
    const title = await titleBox();
    await connectLocks();
    expect(title).toHaveProperty('readOnly', false);

    act(() => FakeWebSocket.latest('/ws/locks/').receive(lenaLocks('lock')));
    await waitFor(() => expect(title).toHaveProperty('readOnly', true));
    expect(title.closest('[data-locked]')?.getAttribute('data-locked')).toBe('lockedByOther');
    fireEvent.mouseOver(title);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      MESSAGES.fieldLockedBy(LENA.name),
    );
    const polite = screen.getByTestId('announcer-polite');
    await waitFor(() =>
      expect(polite.textContent).toBe(ANNOUNCEMENT_TEXT.fieldTaken('Strategy title', LENA.name)),
    );

    act(() => FakeWebSocket.latest('/ws/locks/').receive(lenaLocks('unlock')));
    await waitFor(() => expect(title).toHaveProperty('readOnly', false));
    await waitFor(
      () => expect(polite.textContent).toBe(ANNOUNCEMENT_TEXT.fieldReleased('Strategy title', LENA.name)),
      { timeout: 3000 },
    );
  });

  it('should read the fields held already when the locks socket connects', async () => {
    const focusAreaTitle = { model: 'focusArea', resId: 11, field: 'title' } as const;
    openStrategyAsMark({ 'GET /api/locked-fields/': ok([lockedField(lenaLocks('lock', focusAreaTitle))]) });
    renderApp('/strategy/1');
    const box = await screen.findByRole('textbox', { name: 'Title of focus area 1' });
    expect(box.getAttribute('aria-readonly')).toBe('false');
    await connectLocks();
    await waitFor(() => expect(box.getAttribute('aria-readonly')).toBe('true'));
  });

  it("should lock a field on focus under this page's connection id and unlock it on blur", async () => {
    const { calls, fetchMock } = openStrategyAsMark();
    renderApp('/strategy/1');
    const title = await titleBox();
    fireEvent.focus(title);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/lock-field/')).toBe(true));
    const lockCall = fetchMock.mock.calls.find(([path]) => path === '/api/lock-field/');
    expect(lockCall?.[1]?.headers).toMatchObject({ 'X-Connection-Id': CONNECTION_ID });
    expect(CONNECTION_ID).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(calls.find((call) => call.path === '/api/lock-field/')?.body).toEqual({
      model: 'strategy',
      res_id: 1,
      field: 'title',
    });

    fireEvent.blur(title);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/unlock-field/')?.body).toEqual({
        model: 'strategy',
        res_id: 1,
        field: 'title',
      }),
    );
  });

  it('should show the holder named by a 409 at once, say it assertively and keep what the user typed', async () => {
    openStrategyAsMark({
      'POST /api/lock-field/': {
        status: 409,
        body: {
          detail: MESSAGES.fieldLockedBy(LENA.name),
          code: CONFLICT_CODES.fieldLocked,
          user: LENA.name,
          user_id: LENA.id,
        },
      },
    });
    renderApp('/strategy/1');
    const title = await titleBox();
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'My own words' } });
    await waitFor(() => expect(title).toHaveProperty('readOnly', true));
    expect(title).toHaveProperty('value', 'My own words');
    await waitFor(() =>
      // (This fake server answers no save: the refused save is told beside it.)
      expect(screen.getByTestId('announcer-assertive').textContent).toContain(
        ANNOUNCEMENT_TEXT.lockRefused('Strategy title', LENA.name),
      ),
    );
  });

  it('should take the focused field again after the locks socket reconnects', async () => {
    const { calls } = openStrategyAsMark();
    renderApp('/strategy/1');
    const title = await titleBox();
    await connectLocks();
    // A message waits for the list of locked fields: once it shows, the first connection is done.
    act(() =>
      FakeWebSocket.latest('/ws/locks/').receive(lenaLocks('lock', { ...strategyTitle, field: 'ambition' })),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Ambition' }).getAttribute('aria-readonly')).toBe('true'),
    );
    fireEvent.focus(title);
    const lockCalls = () => calls.filter((call) => call.path === '/api/lock-field/').length;
    await waitFor(() => expect(lockCalls()).toBe(1));

    const dropped = FakeWebSocket.latest('/ws/locks/');
    act(() => dropped.drop());
    await waitFor(() => expect(FakeWebSocket.latest('/ws/locks/')).not.toBe(dropped));
    act(() => FakeWebSocket.latest('/ws/locks/').open());
    await waitFor(() => expect(lockCalls()).toBe(2));
  });

  it('should not lock a field the user may not edit', async () => {
    // Lena is the only master here, so Mark may only read the title.
    const { calls } = openStrategyAsMark({ 'GET /api/strategy/1': ok(wireStrategy([LENA_AS_PERSON])) });
    renderApp('/strategy/1');
    fireEvent.focus(await titleBox());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.path === '/api/lock-field/')).toBe(false);
  });
});
