import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { charterKey, refreshCharters, rereadCharters, timelinesKey } from '../src/api/charterCache';
import { strategyKey } from '../src/api/strategyCache';
import { applyStreamingMessage, rereadAfterGap } from '../src/realtime/liveUpdates';

function cacheWithTwoCharters() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(charterKey(10), { id: 10, strategyId: 4 });
  queryClient.setQueryData(timelinesKey(10), []);
  queryClient.setQueryData(charterKey(20), { id: 20, strategyId: 5 });
  queryClient.setQueryData(timelinesKey(20), []);
  queryClient.setQueryData(strategyKey(4), { id: 4 });
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, stale };
}

describe('charter live updates', () => {
  it('should mark the charter and timeline of the changed strategy only', () => {
    const { queryClient, stale } = cacheWithTwoCharters();
    refreshCharters(queryClient, 4);
    expect(stale(charterKey(10))).toBe(true);
    expect(stale(timelinesKey(10))).toBe(true);
    expect(stale(charterKey(20))).toBe(false);
    expect(stale(timelinesKey(20))).toBe(false);
    // The strategy page's own query is the strategy module's business.
    expect(stale(strategyKey(4))).toBe(false);
  });

  it('should read every charter again after a gap in the connection', () => {
    const { queryClient, stale } = cacheWithTwoCharters();
    rereadCharters(queryClient);
    expect([charterKey(10), timelinesKey(10), charterKey(20), timelinesKey(20)].every(stale)).toBe(true);
  });

  it('should refresh the open charters on any streaming message of their strategy', () => {
    const { queryClient, stale } = cacheWithTwoCharters();
    applyStreamingMessage(queryClient, {
      res_id: 99,
      model: 'timeline',
      field: 'start_date',
      value: '2027-01-04',
      user_id: 1,
      strategy_id: 5,
    });
    expect(stale(timelinesKey(20))).toBe(true);
    expect(stale(charterKey(10))).toBe(false);
    rereadAfterGap(queryClient);
    expect(stale(charterKey(10))).toBe(true);
  });
});
