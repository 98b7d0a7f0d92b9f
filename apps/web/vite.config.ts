/** Vite build of the single-page app (run from apps/web); the server serves dist/ with a history fallback. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

// During development the API server runs on its own port; the browser still sees one origin.
const devServer = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': { target: devServer, changeOrigin: true },
      '/ws': { target: devServer, ws: true, changeOrigin: true },
    },
  },
});
