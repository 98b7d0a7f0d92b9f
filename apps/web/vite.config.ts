/** Vite build of the single-page app (run from apps/web); the server serves dist/ with a history fallback. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

// During development the API server runs on its own port; the browser still sees one origin.
const devServer = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything every page loads first (React, MUI's core, the router, the layout) in one
          // file. Split by what shares it, it was 17 files, and over HTTP/1.1 a slow connection
          // pays a round trip for each beyond the browser's six per host (bench/RESULTS.md, "The
          // entry in one file").
          groups: [{ name: 'app', tags: ['$initial'] }],
          // The same for a page's own code: the small chunks its modules share with other pages
          // (an MUI component, an API module) are copied into the chunks that read them, so the
          // strategy page makes 24 requests before its first paint instead of 52 (bench/RESULTS.md,
          // "A page's code in fewer files"). Rolldown keeps one instance of each copied module (its runtime's
          // registry), so state such as a React context is still shared; it turns on
          // strictExecutionOrder for that. The limit is of source bytes before minifying.
          experimentalInlineCommonChunks: { maxSize: 20_000 },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: devServer, changeOrigin: true },
      '/ws': { target: devServer, ws: true, changeOrigin: true },
    },
  },
});
