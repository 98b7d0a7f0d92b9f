/**
 * The strategy page as sent (its JSON text), kept per strategy on this instance: every editor
 * opens it and every live change makes each open browser read it again, so it is read far more
 * often than it changes. A change drops the entry: published events name the strategy (on this
 * instance once the writing request has committed, on others when the NOTIFY arrives), renamed
 * people drop every entry, and while the listener is down nothing is kept, since changes made
 * elsewhere meanwhile would go unnoticed.
 */
import type { StrategyRoles } from '@keystone/contract';

export interface CachedPage {
  organisationId: number;
  /** Who holds which role: decides who may read it. */
  roles: StrategyRoles;
  json: string;
}

type Load = (strategyId: number) => Promise<CachedPage | null>;

/** Enough for the strategies open at once in a large company; each entry is the page's JSON. */
const MAX_PAGES = 500;

export class PageCache {
  private readonly pages = new Map<number, CachedPage>();
  /** Loads under way, shared by the requests that arrive meanwhile. */
  private readonly loading = new Map<number, { version: string; promise: Promise<CachedPage | null> }>();
  /** Bumped on each change of a strategy; a load that saw a change start is not kept. */
  private readonly versions = new Map<number, number>();
  private generation = 0;
  private listening = true;

  constructor(private readonly maxPages = MAX_PAGES) {}

  get size(): number {
    return this.pages.size;
  }

  /** The page, from memory or loaded once for every request asking meanwhile; null: no such strategy. */
  read(strategyId: number, load: Load): Promise<CachedPage | null> {
    const hit = this.pages.get(strategyId);
    if (hit) {
      // Most recently used last, so the oldest entry is the one dropped when full.
      this.pages.delete(strategyId);
      this.pages.set(strategyId, hit);
      return Promise.resolve(hit);
    }
    const version = this.versionOf(strategyId);
    const pending = this.loading.get(strategyId);
    if (pending?.version === version) return pending.promise;
    const promise = load(strategyId).finally(() => {
      if (this.loading.get(strategyId)?.promise === promise) this.loading.delete(strategyId);
    });
    this.loading.set(strategyId, { version, promise });
    return promise.then((page) => {
      if (page && this.listening && this.versionOf(strategyId) === version) this.keep(strategyId, page);
      return page;
    });
  }

  /** Drops these strategies' pages ('all': people were renamed, or what changed is unknown). */
  changed(strategyIds: Iterable<number> | 'all'): void {
    if (strategyIds === 'all') {
      this.clear();
      return;
    }
    for (const id of strategyIds) {
      this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
      this.pages.delete(id);
    }
  }

  clear(): void {
    this.generation += 1;
    this.versions.clear();
    this.pages.clear();
  }

  /** The listener lost its connection: changes may go unnoticed until it is back. */
  suspend(): void {
    this.listening = false;
    this.clear();
  }

  resume(): void {
    this.clear();
    this.listening = true;
  }

  private versionOf(strategyId: number): string {
    return `${this.generation}.${this.versions.get(strategyId) ?? 0}`;
  }

  private keep(strategyId: number, page: CachedPage): void {
    this.pages.set(strategyId, page);
    if (this.pages.size > this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
  }
}
