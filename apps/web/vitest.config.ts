/** Browser-only logic tested with React Testing Library in jsdom. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
    // A test renders whole pages in jsdom; on two cores shared with the server's tests (one vitest
    // run) a page with its editors can take several seconds, past vitest's default of 5 s.
    testTimeout: 15_000,
    // beforeAll hooks import whole pages up front (so tests time their own steps, not the transform).
    hookTimeout: 30_000,
  },
});
