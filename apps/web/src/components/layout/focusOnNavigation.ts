/**
 * After a page change focus moves to the new page's h1 (WCAG 2.4.3): a screen reader says where
 * the user arrived, and the next Tab starts in the page instead of the top of the document (before,
 * focus fell to the body). A page that puts focus somewhere itself (a form's first field) keeps it.
 * The first page of a visit is left alone: the browser starts it at the top.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** A page still loading its data after this long gets no heading focus (the user has moved on). */
const GIVE_UP_MS = 15_000;

/** A page's title: an h1, or (where the title is a text box its masters edit) a level-1 heading role. */
const PAGE_HEADING = 'h1, [role="heading"][aria-level="1"]';

const isLoose = (element: Element | null) => element === null || element === document.body;

export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const change = useRef({ pathname, focused: null as Element | null, pending: false });
  // Read while rendering the new page, before it mounts: what had focus when the address changed
  // (the link the user followed), so focus the new page moved on its own can be told apart.
  if (change.current.pathname !== pathname) {
    change.current = { pathname, focused: document.activeElement, pending: true };
  }

  useEffect(() => {
    const current = change.current;
    if (!current.pending || current.pathname !== pathname) return;
    current.pending = false;
    const main = document.querySelector('main');
    if (!main) return;

    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>(PAGE_HEADING);
      if (!heading) return false;
      const active = document.activeElement;
      const chosenByPage = !isLoose(active) && active !== current.focused;
      if (!chosenByPage) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}
