/** Test helpers: the app's routes in a memory router, with a fresh query cache and a fake server. */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../src/api/queryClient';
import { createAppRoutes } from '../src/routes/appRoutes';
import { theme } from '../src/theme';

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router };
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };
export const ok = (body: unknown): Answer => ({ status: 200, body });
/** A fixed answer, or one made per call; a function that throws fails the call like a lost network. */
export type FakeAnswer = Answer | ((call: FakeCall) => Answer);

/**
 * Replaces fetch with a server that answers by "METHOD /path" (404 otherwise) and records calls.
 */
export function fakeServer(answers: Record<string, FakeAnswer>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const source = answers[`${method} ${path}`];
    const answer =
      typeof source === 'function'
        ? source(call)
        : (source ?? { status: 404, body: { detail: 'Not found.' } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
