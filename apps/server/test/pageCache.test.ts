/** The strategy page cache on its own: what it keeps, shares and drops. */
import { describe, expect, it } from 'vitest';
import { type CachedPage, PageCache } from '../src/core/pageCache';

const pageOf = (json: string): CachedPage => ({
  organisationId: 1,
  roles: { masterIds: [1], initiatives: [] },
  json,
});

/** A load that answers only when told to, counting its calls. */
function controlledLoad() {
  const pending: ((page: CachedPage | null) => void)[] = [];
  let calls = 0;
  return {
    load: (_id: number) => {
      calls += 1;
      return new Promise<CachedPage | null>((resolve) => pending.push(resolve));
    },
    answer: (json: string | null) => pending.shift()?.(json === null ? null : pageOf(json)),
    get calls() {
      return calls;
    },
  };
}

describe('the strategy page cache', () => {
  it('should load a page once and answer the requests that arrive meanwhile with it', async () => {
    const cache = new PageCache();
    const source = controlledLoad();
    const reads = [cache.read(7, source.load), cache.read(7, source.load)];
    source.answer('v1');
    expect((await Promise.all(reads)).map((page) => page?.json)).toEqual(['v1', 'v1']);
    expect((await cache.read(7, source.load))?.json).toBe('v1');
    expect(source.calls).toBe(1);
  });

  it('should load again after a change, and not keep a load that started before it', async () => {
    const cache = new PageCache();
    const source = controlledLoad();
    const before = cache.read(7, source.load);
    cache.changed([7]);
    // A read after the change must not be handed the load that may predate it.
    const after = cache.read(7, source.load);
    expect(source.calls).toBe(2);
    source.answer('old');
    expect((await before)?.json).toBe('old');
    expect(cache.size).toBe(0);
    source.answer('new');
    expect((await after)?.json).toBe('new');
    expect((await cache.read(7, source.load))?.json).toBe('new');
    expect(source.calls).toBe(2);
  });

  it('should drop only the changed strategy, and everything on clear', async () => {
    const cache = new PageCache();
    const source = controlledLoad();
    for (const id of [1, 2]) {
      const read = cache.read(id, source.load);
      source.answer(`page ${id}`);
      await read;
    }
    cache.changed([1]);
    expect(cache.size).toBe(1);
    const inFlight = cache.read(1, source.load);
    cache.clear();
    source.answer('page 1 from before the clear');
    await inFlight;
    expect(cache.size).toBe(0);
  });

  it('should keep nothing while its listener is down, and start afresh once it is back', async () => {
    const cache = new PageCache();
    const source = controlledLoad();
    cache.suspend();
    const read = cache.read(3, source.load);
    source.answer('while down');
    expect((await read)?.json).toBe('while down');
    expect(cache.size).toBe(0);
    cache.resume();
    const again = cache.read(3, source.load);
    source.answer('after');
    await again;
    expect(cache.size).toBe(1);
  });

  it('should not keep a missing strategy, and drop the least recently read page when full', async () => {
    const cache = new PageCache(2);
    const source = controlledLoad();
    const missing = cache.read(9, source.load);
    source.answer(null);
    expect(await missing).toBeNull();
    expect(cache.size).toBe(0);
    for (const id of [1, 2]) {
      const read = cache.read(id, source.load);
      source.answer(`page ${id}`);
      await read;
    }
    await cache.read(1, source.load); // 1 is now the most recently read
    const third = cache.read(3, source.load);
    source.answer('page 3');
    await third;
    const callsBefore = source.calls;
    await cache.read(1, source.load);
    await cache.read(3, source.load);
    expect(source.calls).toBe(callsBefore);
    const reload = cache.read(2, source.load);
    expect(source.calls).toBe(callsBefore + 1);
    source.answer('page 2 again');
    await reload;
  });
});
