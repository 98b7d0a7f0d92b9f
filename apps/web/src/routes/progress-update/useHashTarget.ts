/**
 * Spec §2: /progress-update/{id}#{initiativeId} scrolls smoothly to that initiative's row once the
 * page has laid itself out, and marks the row for a moment so the eye finds it.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const MARK_MS = 2000;

export function useHashTarget(ready: boolean): string | null {
  const { hash } = useLocation();
  const id = decodeURIComponent(hash.replace(/^#/, '')) || null;
  const [marked, setMarked] = useState<string | null>(null);

  useEffect(() => {
    if (!ready || id === null) return;
    const element = document.getElementById(id);
    if (!element) return;
    // jsdom has no scrolling; browsers do.
    element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    setMarked(id);
    const timer = setTimeout(() => setMarked(null), MARK_MS);
    return () => clearTimeout(timer);
  }, [ready, id]);

  return marked;
}
