/**
 * Issue 28: keyboard focus is seen on every kind of control (WCAG 2.4.7 and 1.4.11: an indicator
 * of at least 3:1 against what surrounds it, on light pages, the columns' tint and the dark header),
 * a mouse click shows none, and no sticky bar covers the control that has focus (2.4.11).
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { loggedInWithStrategy, logInBrowser, organisationAdmin } from './helpers/apiUsers';
import { focusedControlSeen, outlineStyleOf } from './helpers/focusInPage';
import { measureFocusRing } from './helpers/focusRing';

async function expectRing(name: string, control: Locator, box?: Locator) {
  const measure = await measureFocusRing(control, box);
  expect(
    measure.strong,
    `${name}: ${measure.strong} pixels changed by 3:1 or more (best ${measure.best.toFixed(2)}:1), ${measure.needed} needed`,
  ).toBeGreaterThanOrEqual(measure.needed);
}

test('every kind of control shows a focus ring of at least 3:1 on keyboard focus', async ({ page, app }) => {
  const id = await loggedInWithStrategy(page, app, 'Focus', 'Rings everywhere');

  await page.goto(`/strategy-settings/${id}`);
  const header = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The dark header: a text link button and the avatar icon button.
  await expectRing('header link', header.getByRole('link', { name: 'Portfolio' }));
  await expectRing('avatar button', header.getByRole('button').last());
  // The white settings cards on the light page.
  await expectRing('link', page.getByRole('main').getByRole('link', { name: 'Rings everywhere' }));
  await expectRing('checkbox', page.getByRole('checkbox', { disabled: false }).first());
  await expectRing('select', page.getByRole('combobox', { name: 'Unit' }).first());
  await expectRing('text button', page.getByRole('button', { name: 'Add reminder' }));

  await page.goto(`/strategy/${id}`);
  const column = page.getByRole('region', { name: /Focus area 1|Define focus area/ }).first();
  await expect(column).toBeVisible();
  // The focus-area column's tint (#eef2f8): the drag handle and an icon button.
  await expectRing('drag handle', column.locator('[aria-roledescription="sortable"]').first());
  await expectRing('help button', page.getByRole('button', { name: /^Help: / }).first());
  // A menu's items (inside the open menu).
  await page.getByRole('button', { name: 'Strategy menu' }).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem').nth(1);
  await expect(item).toBeVisible();
  await expectRing('menu item', item);
  await page.keyboard.press('Escape');

  // A chip of the team page's pickers (reached with the arrow keys from the picker).
  await page.goto(`/strategy-team/${id}`);
  const owner = page.getByRole('combobox', { name: /^Owner of / }).first();
  await owner.fill(`chip-${Date.now()}@e2e.test`);
  await owner.press('Enter');
  const chip = page.getByRole('button', { name: /^chip-/ }).first();
  await expect(chip).toBeVisible();
  await expectRing('chip', chip);
});

test('a switch shows the ring around the whole switch', async ({ page, app }) => {
  const admin = await organisationAdmin(app);
  await logInBrowser(page, admin);
  await page.goto('/organisation');
  const toggle = page.getByRole('switch').or(page.getByRole('checkbox')).first();
  await expect(toggle).toBeVisible();
  await expectRing(
    'switch',
    toggle,
    toggle.locator('xpath=ancestor::*[contains(@class,"MuiSwitch-root")][1]'),
  );
});

test('a mouse click shows no ring', async ({ page, app }) => {
  const id = await loggedInWithStrategy(page, app, 'Focus', 'Clicked, not tabbed');
  await page.goto(`/strategy-settings/${id}`);
  const checkbox = page.getByRole('checkbox', { disabled: false }).first();
  await checkbox.click();
  await expect(checkbox).toBeFocused();
  // The ring is drawn by the checkbox's round box around its (invisible) input.
  const ringed = checkbox.locator('xpath=..');
  expect(await outlineStyleOf(ringed)).toBe('none');
  // The same checkbox focused from the keyboard has the ring.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(checkbox).toBeFocused();
  expect(await outlineStyleOf(ringed)).toBe('solid');
});

test('a sticky bar never covers the control that has focus', async ({ page, app }) => {
  const id = await loggedInWithStrategy(page, app, 'Focus', 'Nothing hidden');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/strategy-settings/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Every stop from the top of the page to Save, by Tab: each one's centre shows the control itself.
  const covered: string[] = [];
  let reached = false;
  await page.getByRole('banner').getByRole('link').first().focus();
  for (let stop = 0; stop < 40; stop += 1) {
    await page.keyboard.press('Tab');
    const hit = await focusedControlSeen(page);
    if (!hit) continue;
    if (hit.name === 'Add reminder') reached = true;
    if (!hit.seen) covered.push(hit.name);
    if (hit.name === 'Save') break;
  }
  expect(covered).toEqual([]);
  expect(reached, 'Tab reached Add reminder').toBe(true);
});
