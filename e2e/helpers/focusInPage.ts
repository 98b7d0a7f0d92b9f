/**
 * Where keyboard focus is, read in the page. e2e is compiled without the DOM types, hence the
 * narrow shapes (each callback runs in the browser and names its own).
 */
import type { Locator, Page } from '@playwright/test';

interface DomElement {
  tagName: string;
  textContent: string | null;
  parentElement: DomElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  contains(other: DomElement | null): boolean;
}
interface DomWindow {
  document: {
    activeElement: DomElement | null;
    body: DomElement;
    querySelector(selector: string): DomElement | null;
    elementFromPoint(x: number, y: number): DomElement | null;
  };
  getComputedStyle(element: DomElement): { position: string; outlineStyle: string };
}

/** What has focus, as "tag[role]: text", or "body". */
export const focusedSummary = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as DomWindow;
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const role = active.getAttribute('role') ?? '';
    return `${active.tagName.toLowerCase()}${role ? `[${role}]` : ''}: ${(active.textContent ?? '').trim().slice(0, 60)}`;
  });

export const focusIsInMain = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as DomWindow;
    return document.querySelector('main')?.contains(document.activeElement) === true;
  });

/** The element's computed outline style ("none" when no ring is drawn). */
export const outlineStyleOf = (element: Locator): Promise<string> =>
  element.evaluate((node) => {
    const win = globalThis as unknown as DomWindow;
    return win.getComputedStyle(node as unknown as DomElement).outlineStyle;
  });

/**
 * The focused control and whether its centre shows it: covered means what is seen there belongs
 * to a sticky or fixed bar that does not hold the control.
 */
export const focusedControlSeen = (page: Page) =>
  page.evaluate(() => {
    const win = globalThis as unknown as DomWindow;
    const focused = win.document.activeElement;
    if (!focused || focused === win.document.body) return null;
    const box = focused.getBoundingClientRect();
    const seen = win.document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    let cover = seen;
    while (cover && !['sticky', 'fixed'].includes(win.getComputedStyle(cover).position)) {
      cover = cover.parentElement;
    }
    return {
      name: focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? focused.tagName,
      seen: seen !== null && (cover === null || cover.contains(focused)),
    };
  });
