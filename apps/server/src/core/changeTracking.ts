/**
 * The strategy pages a request changed, noted as it publishes their events. Its own instance
 * drops them from the page cache once the request is done (its transaction committed) and
 * before the answer leaves, so a client reading right after its own write never gets the page
 * from before it. Other instances drop them when the NOTIFY arrives.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestChanges {
  strategyIds: Set<number>;
  /** People were renamed: every page may show an old name. */
  all: boolean;
  /** Webhook deliveries were queued: the delivery worker is woken once the answer is sent. */
  webhooksQueued?: true;
}

const current = new AsyncLocalStorage<RequestChanges>();

/** Runs `next` (the rest of a request) with a record of what it changes. */
export function trackChanges(changes: RequestChanges, next: () => void): void {
  current.run(changes, next);
}

export function noteChanges(changed: Set<number> | 'all'): void {
  const changes = current.getStore();
  if (!changes) return;
  if (changed === 'all') changes.all = true;
  else for (const id of changed) changes.strategyIds.add(id);
}

export function noteWebhooksQueued(): void {
  const changes = current.getStore();
  if (changes) changes.webhooksQueued = true;
}
