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
        // Everything every page loads first (React, MUI's core, the router, the layout) in one file.
        // Split by what shares it, it was 17 files, and over HTTP/1.1 a slow connection pays a round
        // trip for each beyond the browser's six per host (bench/RESULTS.md, "The entry in one file").
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
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
