/**
 * The autosave's memory of valid keys (core/keyGate.ts): a key leaves it when a revoke event names
 * it or its user, after its few seconds, and every key leaves while the listener is disconnected.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedIn } from '../src/core/actor';
import { KeyGate } from '../src/core/keyGate';

const person = (id: number, keyHash: string): SignedIn => ({
  id,
  organisationId: 1,
  email: `p${id}@example.com`,
  displayName: `P${id}`,
  name: null,
  isAdmin: false,
  keyHash,
});

describe('KeyGate', () => {
  afterEach(() => vi.useRealTimers());

  it('should forget a key named by a revoke event, and every key of a user revoked as a whole', () => {
    const gate = new KeyGate();
    for (const user of [person(1, 'a'), person(1, 'b'), person(2, 'c')]) gate.remember(user);
    gate.forget([{ kind: 'revoke', userId: 2, keyHash: 'c' }]);
    expect(['a', 'b', 'c'].map((hash) => gate.admit(hash)?.id)).toEqual([1, 1, undefined]);
    gate.forget([{ kind: 'people' }, { kind: 'revoke', userId: 1 }]);
    expect(['a', 'b'].map((hash) => gate.admit(hash))).toEqual([undefined, undefined]);
  });

  it('should forget every key on unknown events, and keep none while the listener is down', () => {
    const gate = new KeyGate();
    gate.remember(person(1, 'a'));
    gate.forget('all');
    expect(gate.admit('a')).toBeUndefined();
    gate.remember(person(1, 'a'));
    gate.suspend();
    expect(gate.admit('a')).toBeUndefined();
    gate.remember(person(1, 'a'));
    expect(gate.admit('a')).toBeUndefined();
    gate.resume();
    gate.remember(person(1, 'a'));
    expect(gate.admit('a')?.id).toBe(1);
  });

  it('should forget a key after 10 seconds', () => {
    vi.useFakeTimers({ now: 0 });
    const gate = new KeyGate();
    gate.remember(person(1, 'a'));
    vi.setSystemTime(9_999);
    expect(gate.admit('a')?.id).toBe(1);
    vi.setSystemTime(10_000);
    expect(gate.admit('a')).toBeUndefined();
  });
});
