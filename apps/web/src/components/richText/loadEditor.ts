/**
 * The rich-text editor (TipTap/ProseMirror) is the heaviest code on the strategy, charter and
 * progress pages, and a page shows its text long before anyone edits it. So the editor's code is
 * its own chunk: fetched when a field is hovered, focused or clicked, or when the browser is idle
 * after the page has loaded. A reader who may edit nothing never asks for it.
 */
import type { RichTextEditor } from './RichTextEditor';

export type EditorComponent = typeof RichTextEditor;

let loaded: EditorComponent | null = null;
let loading: Promise<EditorComponent> | null = null;

/** The editor if its chunk has arrived, so a field can mount it without waiting a tick. */
export function loadedEditor(): EditorComponent | null {
  return loaded;
}

export function loadEditor(): Promise<EditorComponent> {
  loading ??= import('./RichTextEditor').then(
    (module) => {
      loaded = module.RichTextEditor;
      return loaded;
    },
    (error: unknown) => {
      // A failed fetch (e.g. offline for a moment) may be tried again by the next focus.
      loading = null;
      throw error;
    },
  );
  return loading;
}

let prefetchScheduled = false;

/**
 * Runs `task` once the frame being drawn now is on screen: a frame is shown after the next one has
 * begun, so two animation frames on, in a task of its own.
 */
function afterFrameShown(task: () => void): void {
  // A window closed while the idle wait ran (a test's browser environment ends) draws nothing more.
  if (typeof window === 'undefined') return;
  window.requestAnimationFrame(() => window.requestAnimationFrame(() => window.setTimeout(task)));
}

/** Fetches the editor once the page has loaded and the main thread is idle (first call only). */
export function prefetchEditorWhenIdle(): void {
  if (prefetchScheduled || loaded) return;
  prefetchScheduled = true;
  const whenIdle = () => {
    // Not before the fields' first paint is shown: an idle moment can come between their render
    // and that paint, and a request started then counts toward the page's first paint on a slow line.
    const fetchIt = () => afterFrameShown(() => void loadEditor().catch(() => undefined));
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(fetchIt, { timeout: 5000 });
    else window.setTimeout(fetchIt, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
