/** Set-up of every web test file. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { announcer } from '../src/lib/announcer';
import './fakeWebSocket';

// A route's first lazy import is transformed on demand; on a busy machine that alone can take
// longer than Testing Library's default second (3 s was too little at a load of 12).
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout; ProseMirror asks for rectangles when it scrolls the caret into view.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();
// Nor sizes to observe: the sticky bars' scroll padding (layout/scrollPadding.ts) never changes here.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Each test starts from nothing: no rendered tree, announcements, stubs, fake clock or stored session.
afterEach(() => {
  cleanup();
  announcer.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
