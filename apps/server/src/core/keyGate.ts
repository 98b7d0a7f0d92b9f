/**
 * Keys this instance found valid moments ago, for the autosave's check before its body is read
 * (issue 17). It never lets a request write: the autosave's one statement checks the key again
 * with the same rule as userForKey, and its checked path looks the key up afresh. What it saves is
 * the key lookup's round trip before the body; a key leaves it after a few seconds, when a revoke
 * event names the key or its user, and all leave when the listener loses its connection (events
 * may be missed until it is back).
 */

import type { SignedIn } from './actor';
import type { RealtimeEvent } from './events';

const TTL_MS = 10_000;
/** Only keys that passed a lookup enter, so the size follows the active sessions; a bound all the same. */
const MAX_KEYS = 10_000;

export class KeyGate {
  private readonly keys = new Map<string, { user: SignedIn; until: number }>();
  private listening = true;

  /** The user of a key found valid within the last few seconds, if any. */
  admit(keyHash: string): SignedIn | undefined {
    const entry = this.keys.get(keyHash);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.user;
    this.keys.delete(keyHash);
    return undefined;
  }

  remember(user: SignedIn): void {
    if (!this.listening) return;
    if (this.keys.size >= MAX_KEYS) this.keys.clear();
    this.keys.set(user.keyHash, { user, until: Date.now() + TTL_MS });
  }

  /** Drops the keys that revoke events name, by key or by user ('all': the events are unknown). */
  forget(events: readonly RealtimeEvent[] | 'all'): void {
    if (events === 'all') {
      this.keys.clear();
      return;
    }
    for (const event of events) {
      if (event.kind !== 'revoke') continue;
      if (event.keyHash) this.keys.delete(event.keyHash);
      if (event.userId === undefined) continue;
      for (const [hash, entry] of this.keys) if (entry.user.id === event.userId) this.keys.delete(hash);
    }
  }

  /** The listener lost its connection: no key is taken from memory until it is back. */
  suspend(): void {
    this.listening = false;
    this.keys.clear();
  }

  resume(): void {
    this.listening = true;
  }
}
