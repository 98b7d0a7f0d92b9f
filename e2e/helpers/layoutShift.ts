/** How much a page's layout moves under the reader's eyes, as the browser reports it. */
import type { Page } from '@playwright/test';

/**
 * Sums the layout shifts of every page `page` opens from now on (CLS), and answers the sum so far.
 * Set up as a script's text: the e2e project is typed for Node, whose performance API has no
 * layout-shift entries.
 */
export async function watchLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript({
    content: `window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });`,
  });
  return () => page.evaluate<number>('window.__layoutShift');
}

/** Holds back the answers to `path` (e.g. '/api/organisation/members/') by `ms`. */
export async function answerLate(page: Page, path: string, ms = 800): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
