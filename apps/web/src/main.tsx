/** Entry point: mounts the app into index.html's #root. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App';

// zod otherwise probes whether it may compile code with Function(), which our Content Security
// Policy (script-src 'self') refuses and the browser reports as a violation on every page.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
