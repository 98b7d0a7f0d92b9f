/**
 * Issue 28: the spec's main tasks with the keyboard alone (WCAG 2.1.1, 2.4.3). After the first
 * page load nothing is clicked or filled: every control is reached with Tab (or Shift+Tab) and used
 * with Enter, Space, the arrow keys and typing, and each step checks what the person sees, after
 * a reload where something was saved.
 */
import { MESSAGES, PROGRESS_MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createUser } from './helpers/apiUsers';

const TEXTS = {
  title: 'Reach every reader',
  ambition: 'Everyone reads our pages with the tools they already use.',
  focusArea: 'Plain language',
  first: 'Shorter sentences',
  second: 'Glossary of terms',
  comment: 'Half of the pages are rewritten.',
};

/** Whether the element has the keyboard focus. */
const isFocused = (target: Locator) =>
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shape.
  target.evaluate((element) => {
    const node = element as unknown as { ownerDocument: { activeElement: unknown } };
    return node.ownerDocument.activeElement === node;
  });

/**
 * Presses Tab (or Shift+Tab) until the target has the focus: a control that Tab never reaches
 * fails here.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 60 && !(await isFocused(target)); presses += 1) {
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Replaces the focused field's text by typing. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' });
const initiativeTitles = (page: Page) => page.getByRole('textbox', { name: /^Title of initiative/ });

/** Opens the strategy page's menu from the keyboard and follows one of its entries. */
async function strategyMenuTo(page: Page, entry: string) {
  await tabTo(page, page.getByRole('button', { name: 'Strategy menu' }));
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: entry });
  for (let presses = 0; presses < 12 && !(await isFocused(item)); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

test('the spec’s main tasks, done with the keyboard alone', async ({ page, app }) => {
  const user = await createUser(app, 'Typist');
  // A colleague in the same organisation, whom the team picker offers.
  await createUser(app, 'Keyboardpal');

  await test.step('log in', async () => {
    await page.goto('/login');
    await tabTo(page, page.getByRole('textbox', { name: 'E-mail' }));
    await page.keyboard.type(user.email);
    await tabTo(page, page.getByLabel(/^Password/));
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Strategies' })).toBeVisible();
  });

  await test.step('create a strategy', async () => {
    await tabTo(page, page.getByRole('button', { name: STRATEGY_MESSAGES.createStrategy }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/strategy\/\d+$/);
    await expect(page.getByRole('textbox', { name: 'Strategy title' })).toBeVisible();
  });

  await test.step('write the title, the ambition, a focus area and an initiative', async () => {
    await tabTo(page, page.getByRole('textbox', { name: 'Strategy title' }));
    await retype(page, TEXTS.title);
    await tabTo(page, page.getByRole('textbox', { name: 'Ambition' }));
    await retype(page, TEXTS.ambition);
    await tabTo(page, page.getByRole('textbox', { name: /^Title of focus area/ }));
    await retype(page, TEXTS.focusArea);
    await tabTo(page, initiativeTitles(page).first());
    await retype(page, TEXTS.first);
    await expect(saveStatus(page)).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Strategy title' })).toHaveValue(TEXTS.title);
    await expect(page.getByRole('textbox', { name: 'Ambition' })).toHaveText(TEXTS.ambition);
    await expect(page.getByRole('textbox', { name: /^Title of focus area/ })).toHaveText(TEXTS.focusArea);
    await expect(initiativeTitles(page)).toHaveText([TEXTS.first]);
  });

  await test.step('add a second initiative: focus goes to its title', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Add initiative' }));
    await page.keyboard.press('Enter');
    await expect(initiativeTitles(page)).toHaveCount(2);
    await expect(initiativeTitles(page).nth(1)).toBeFocused();
    await page.keyboard.type(TEXTS.second);
    await expect(saveStatus(page)).toHaveText('Saved');
    await expect(initiativeTitles(page)).toHaveText([TEXTS.first, TEXTS.second]);
  });

  await test.step('move the second initiative above the first', async () => {
    // The Move menu beside the item (WCAG 2.5.7): Enter opens it on its first choice, "Move up".
    const move = page.getByRole('button', { name: `Move '${TEXTS.second}'` });
    await tabTo(page, move);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Move up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(initiativeTitles(page)).toHaveText([TEXTS.second, TEXTS.first]);
    // Focus stays on the control, at the item's new place.
    await expect(move).toBeFocused();
    await page.reload();
    await expect(initiativeTitles(page)).toHaveText([TEXTS.second, TEXTS.first]);
  });

  await test.step('set a status and write a comment on the progress page', async () => {
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Progress' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/progress-update\/\d+$/);
    const status = page.getByRole('combobox', { name: `Status of ${TEXTS.first}` });
    await tabTo(page, status);
    await page.keyboard.press('Enter');
    const blocked = page.getByRole('option', { name: 'Blocked' });
    for (let presses = 0; presses < 6 && !(await isFocused(blocked)); presses += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Blocked');
    await expect(status).toBeFocused();
    await tabTo(page, page.getByRole('textbox', { name: `Progress of ${TEXTS.first}` }));
    await page.keyboard.type(TEXTS.comment);
    await expect(saveStatus(page)).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('combobox', { name: `Status of ${TEXTS.first}` })).toHaveText('Blocked');
    await expect(page.getByRole('textbox', { name: `Progress of ${TEXTS.first}` })).toHaveText(TEXTS.comment);
  });

  await test.step('add a person to an initiative’s team', async () => {
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Strategy' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/strategy\/\d+$/);
    await strategyMenuTo(page, 'Strategy Team');
    await expect(page).toHaveURL(/\/strategy-team\/\d+$/);
    await tabTo(page, page.getByRole('combobox', { name: `Team of ${TEXTS.first}` }));
    await page.keyboard.type('Keyboardpal');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const chip = page.getByRole('button', { name: 'Keyboardpal Tester' });
    await expect(chip).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.strategyTeamSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Keyboardpal Tester' })).toBeVisible();
  });

  await test.step('save the notification settings', async () => {
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Strategy' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/strategy\/\d+$/);
    await strategyMenuTo(page, 'Strategy Settings');
    await expect(
      page.getByRole('heading', { level: 1, name: PROGRESS_MESSAGES.settingsHeading }),
    ).toBeVisible();
    await tabTo(page, page.getByRole('spinbutton', { name: 'Repeat every' }));
    await retype(page, '2');
    await tabTo(page, page.getByRole('textbox', { name: 'Additional recipients' }));
    await page.keyboard.type('board@e2e.test');
    await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(PROGRESS_MESSAGES.settingsSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('spinbutton', { name: 'Repeat every' })).toHaveValue('2');
    await expect(page.getByRole('textbox', { name: 'Additional recipients' })).toHaveValue('board@e2e.test');
  });
});
