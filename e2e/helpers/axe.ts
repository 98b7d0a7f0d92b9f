/**
 * axe-core's WCAG 2.x A/AA rules run in the page, on the whole document or on a part of it. The
 * script is evaluated through the browser's debugging protocol, which the page's
 * Content-Security-Policy (scripts from the app's origin only) does not apply to, so the page is
 * checked under its real policy.
 */
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 added no level-A rule to axe). */
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Lets transitions (a menu's or dialog's fade, a drawer's slide) end: half-faded text fails contrast. */
async function settled(page: Page) {
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shape.
  interface Animated {
    getAnimations(): { playState: string; effect: { getTiming(): { iterations: number } } | null }[];
  }
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: Animated }).document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * The violations inside the first element matching `selector` (the whole document without one),
 * once transitions have ended, one line per rule: its id, then each element as its selector and
 * the start of its HTML.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shapes.
  return page.evaluate(
    async ({ selector, rules }) => {
      const win = globalThis as unknown as {
        document: { querySelector(selector: string): unknown };
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: { id: string; nodes: { target: string[]; html: string }[] }[] }>;
        };
      };
      const context = selector === null ? win.document : win.document.querySelector(selector);
      const result = await win.axe.run(context, { runOnly: { type: 'tag', values: rules } });
      const described = (node: { target: string[]; html: string }) =>
        `${node.target.join(' ')} ${node.html.slice(0, 80)}`;
      return result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map(described).join(' | ')}`,
      );
    },
    { selector: selector ?? null, rules: RULES },
  );
}
