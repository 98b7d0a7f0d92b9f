/**
 * Issue 28: text and boundaries read against what is behind them (WCAG 1.4.3, 1.4.11: the
 * disabled e-mail's reason, placeholders, input borders, computed in the page and checked here),
 * names that contain what is seen (2.5.3: the time picker's "01"), one <title>, the settings
 * heading that says the whole title, pop-ups inside landmarks, and axe clean on these pages
 * (their main content and pop-ups; the header is checked with its own work).
 */
import { MESSAGES, PROGRESS_MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loggedInWithStrategy } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';
import { contrastRatio, rgbOf } from './helpers/focusRing';

interface Painted {
  colour: string;
  opacity: string;
  backgrounds: string[];
}

/** The colour of `element` (or its pseudo-element) and the backgrounds behind it, innermost first. */
const paintOf = (element: Locator, pseudo: string | null = null, property = 'color'): Promise<Painted> =>
  element.evaluate(
    (node, { pseudo, property }) => {
      interface Styled {
        parentElement: Styled | null;
      }
      const win = globalThis as unknown as {
        getComputedStyle(element: Styled, pseudo?: string | null): Record<string, string>;
      };
      const own = win.getComputedStyle(node as unknown as Styled, pseudo);
      const backgrounds: string[] = [];
      for (let at: Styled | null = node as unknown as Styled; at; at = at.parentElement) {
        backgrounds.push(win.getComputedStyle(at).backgroundColor ?? '');
      }
      return { colour: own[property] ?? '', opacity: own.opacity ?? '1', backgrounds };
    },
    { pseudo, property },
  );

type Rgba = [number, number, number, number];
const rgbaOf = (colour: string): Rgba => {
  const parts = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(colour);
  if (!parts) return [...rgbOf(colour), 1];
  return [
    Number(parts[1]),
    Number(parts[2]),
    Number(parts[3]),
    parts[4] === undefined ? 1 : Number(parts[4]),
  ];
};
const over = ([r, g, b, a]: Rgba, [R, G, B]: readonly number[]): [number, number, number] => [
  r * a + (R ?? 0) * (1 - a),
  g * a + (G ?? 0) * (1 - a),
  b * a + (B ?? 0) * (1 - a),
];

/** The contrast of a painted colour (its alpha and opacity blended) against its opaque background. */
function contrastOf(painted: Painted): number {
  const behind = painted.backgrounds.map(rgbaOf).find((colour) => colour[3] === 1) ?? [255, 255, 255, 1];
  const [r, g, b, a] = rgbaOf(painted.colour);
  const front = over([r, g, b, a * Number(painted.opacity)], behind);
  return contrastRatio(front, [behind[0], behind[1], behind[2]]);
}

test('quiet texts reach 4.5:1 and input borders 3:1', async ({ page, app }) => {
  const id = await loggedInWithStrategy(page, app, 'Reader', 'Readable');

  await page.goto('/profile-settings');
  const reason = page.getByText(MESSAGES.emailNotEditable);
  await expect(reason).toBeVisible();
  expect(contrastOf(await paintOf(reason)), 'the disabled e-mail reason').toBeGreaterThanOrEqual(4.5);
  const border = page
    .locator('.MuiOutlinedInput-root:not(.Mui-disabled) .MuiOutlinedInput-notchedOutline')
    .first();
  expect(contrastOf(await paintOf(border, null, 'borderTopColor')), 'an input border').toBeGreaterThanOrEqual(
    3,
  );

  await page.goto(`/strategy-team/${id}`);
  const picker = page.getByPlaceholder(STRATEGY_MESSAGES.addUsers).first();
  await expect(picker).toBeVisible();
  expect(contrastOf(await paintOf(picker, '::placeholder')), 'the picker placeholder').toBeGreaterThanOrEqual(
    4.5,
  );

  await page.goto(`/progress-update/${id}`);
  const empty = page.locator(`[data-placeholder="${PROGRESS_MESSAGES.commentPlaceholder}"]`).first();
  await expect(empty).toBeVisible();
  expect(contrastOf(await paintOf(empty, '::before')), 'the comment placeholder').toBeGreaterThanOrEqual(4.5);
});

test('settings: one title, a whole heading, clock options named by their digits, axe clean', async ({
  page,
  app,
}) => {
  const id = await loggedInWithStrategy(page, app, 'Reader', 'Named well');
  await page.goto(`/strategy-settings/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
    /^Settings for:\s*Reader Tester$/,
  );
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page).toHaveTitle(/^Settings · Named well · /);
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'Choose the first progress update' }).click();
  const dialog = page.getByRole('dialog', { name: 'First progress update' });
  const hours = dialog.getByRole('listbox', { name: 'Select hours' }).getByRole('option');
  await expect(hours).toHaveCount(12);
  for (const option of [
    ...(await hours.all()),
    ...(await dialog.getByRole('listbox', { name: 'Select minutes' }).getByRole('option').all()),
  ]) {
    const shown = (await option.textContent())?.trim() ?? '';
    expect(await option.getAttribute('aria-label')).toMatch(new RegExp(`^${shown} `));
  }
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  expect(await regionViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // A select's menu: its options sit inside a landmark.
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await regionViolations(page)).toEqual([]);
  expect(await axeViolations(page, '[role="listbox"]')).toEqual([]);
});

test('pop-ups of the team and profile pages sit inside landmarks; axe clean', async ({ page, app }) => {
  const id = await loggedInWithStrategy(page, app, 'Reader', 'Landmarks');
  await page.goto(`/strategy-team/${id}`);
  const owner = page.getByRole('combobox', { name: /^Owner of / }).first();
  await owner.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await regionViolations(page)).toEqual([]);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/profile-settings');
  await expect(page.getByText(MESSAGES.emailNotEditable)).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
});

/** axe's `region` rule alone (a best practice: content outside every landmark), over the page. */
async function regionViolations(page: Page): Promise<string[]> {
  await axeViolations(page, 'body'); // loads axe into the page
  return page.evaluate(async () => {
    const win = globalThis as unknown as {
      axe: {
        run(context: unknown, options: unknown): Promise<{ violations: { nodes: { target: string[] }[] }[] }>;
      };
      document: unknown;
    };
    const result = await win.axe.run(win.document, { runOnly: { type: 'rule', values: ['region'] } });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
  });
}
