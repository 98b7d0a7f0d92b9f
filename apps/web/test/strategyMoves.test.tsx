import { STRATEGY_MESSAGES } from '@keystone/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/api/queryClient';
import { failureMessage, type Strategy, strategyKey } from '../src/api/strategies';
import { useMoveFocusArea, useMoveInitiative } from '../src/api/strategyStructure';
import { toStrategy } from '../src/api/strategyWire';
import { fakeServer } from './renderApp';
import { wireStrategy } from './strategyPageFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setUp() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(strategyKey(1), toStrategy(wireStrategy()));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const cached = () => queryClient.getQueryData<Strategy>(strategyKey(1))!;
  return { queryClient, wrapper, cached };
}

describe('moving focus areas and initiatives', () => {
  it('should show the new order at once and keep the order the server answers', async () => {
    const { calls } = fakeServer({
      'PATCH /api/focusarea/sort/12/': {
        status: 200,
        body: {
          id: 12,
          sort_index: 0,
          order: [
            { id: 12, sort_index: 0 },
            { id: 11, sort_index: 1 },
          ],
        },
      },
    });
    const { wrapper, cached } = setUp();
    const { result } = renderHook(() => useMoveFocusArea(1), { wrapper });
    act(() => result.current.mutate({ id: 12, toIndex: 0 }));
    await waitFor(() => expect(cached().focusAreas.map((area) => area.id)).toEqual([12, 11]));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cached().focusAreas.map((area) => [area.id, area.sortIndex])).toEqual([
      [12, 0],
      [11, 1],
    ]);
    expect(calls[0]).toEqual({ method: 'PATCH', path: '/api/focusarea/sort/12/', body: { sort_index: 0 } });
  });

  it("should put the previous order back when the server refuses, with 'Failed to move …'", async () => {
    // The server answers only when the test says so, so the optimistic order can be seen first.
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { wrapper, cached } = setUp();
    const { result } = renderHook(() => useMoveInitiative(1, 11), { wrapper });
    act(() => result.current.mutate({ id: 101, toIndex: 1 }));
    await waitFor(() =>
      expect(cached().focusAreas[0]!.initiatives.map((item) => item.id)).toEqual([102, 101]),
    );
    answer(new Response('{}', { status: 500 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(cached().focusAreas[0]!.initiatives.map((item) => item.id)).toEqual([101, 102]);
    expect(failureMessage('moveInitiative', result.current.error)).toBe(
      STRATEGY_MESSAGES.moveInitiativeFailed,
    );
  });
});
