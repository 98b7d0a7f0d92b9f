/**
 * A sticky bar must never cover the control that has focus (WCAG 2.4.11). The browser scrolls a
 * focused control into the page's view less its scroll padding, so the bar keeps the padding of
 * its edge equal to its own height (measured, since it grows when it wraps or shows a message).
 */
import { useCallback } from 'react';

/** A little room between the bar and the focused control's ring. */
const MARGIN_PX = 8;

export function useScrollPadding(
  edge: 'top' | 'bottom',
): (bar: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (bar: HTMLElement | null) => {
      if (!bar) return undefined;
      const property = `scroll-padding-${edge}`;
      const root = document.documentElement;
      const observer = new ResizeObserver(() => {
        root.style.setProperty(property, `${Math.ceil(bar.getBoundingClientRect().height) + MARGIN_PX}px`);
      });
      observer.observe(bar);
      return () => {
        observer.disconnect();
        root.style.removeProperty(property);
      };
    },
    [edge],
  );
}
