/**
 * The Activity panel of issue 15 in a real browser against the real server: a strategy master
 * rewrites the ambition, finds the earlier text in the history and puts it back; the page and a
 * reload show it, and the restore is itself on record. A restore of someone else's edits, seen
 * live, shows at once on the restoring page and on the other person's (issue 27).
 */
import { BOARD_TEXT, HISTORY_MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';

async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

const saved = (page: Page) => expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

async function openActivity(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: HISTORY_MESSAGES.activity }).click();
  const panel = page.getByRole('dialog', { name: HISTORY_MESSAGES.activity });
  await expect(panel.getByTestId('activity-item').first()).toBeVisible();
  return panel;
}

test('a strategy master restores an earlier ambition from the Activity panel', async ({ page, app }) => {
  const master = await createUser(app, 'Historian');
  await logInBrowser(page, master);
  await page.goto('/strategies');
  await page.getByRole('button', { name: STRATEGY_MESSAGES.createStrategy }).click();
  await expect(page).toHaveURL(/\/strategy\/\d+$/);

  const ambition = page.getByRole('textbox', { name: 'Ambition' });
  await typeInto(ambition, 'Win the home market first.');
  await saved(page);
  // Another field in between: the two ambition edits stay two lines of the history.
  await page.getByRole('textbox', { name: 'Strategy title' }).fill('Expansion');
  await saved(page);
  await typeInto(ambition, 'Go global within a year.');
  await saved(page);

  const panel = await openActivity(page);
  const ambitionEdits = panel.getByTestId('activity-item').filter({ hasText: 'Ambition' });
  await expect(ambitionEdits).toHaveCount(2);
  await expect(ambitionEdits.first()).toContainText('Go global within a year.');
  await expect(panel.getByRole('heading', { name: 'Today' })).toBeVisible();
  await page.screenshot({ path: '.tmp/activity-panel.png' });

  // The older line's text is the one to bring back.
  const earlier = ambitionEdits.last();
  await expect(earlier.locator('ins')).toContainText('Win the home market first.');
  await earlier.getByRole('button', { name: HISTORY_MESSAGES.restoreThis }).click();
  const restored = panel.getByRole('status').filter({ hasText: HISTORY_MESSAGES.restored });
  await expect(restored).toBeVisible();
  // The button was disabled while it ran; the focus is on the outcome, still inside the panel.
  await expect(restored).toBeFocused();
  // The restore is a change like any other: it heads the history, and it is what the field holds now.
  await expect(ambitionEdits).toHaveCount(3);
  await expect(ambitionEdits.first().locator('ins')).toContainText('Win the home market first.');
  await expect(ambitionEdits.first()).toContainText('Historian');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(ambition).toHaveText('Win the home market first.');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Ambition' })).toHaveText('Win the home market first.');

  // The progress page has the same history, and says no progress update happened yet.
  await page.goto(page.url().replace('/strategy/', '/progress-update/'));
  await expect(page.getByTestId('last-progress-update')).toHaveText(BOARD_TEXT.noUpdateYet);
  const progressPanel = await openActivity(page);
  await expect(progressPanel.getByTestId('activity-item').filter({ hasText: 'Ambition' })).toHaveCount(3);
  await page.screenshot({ path: '.tmp/activity-progress.png' });
});

test('a restore of edits seen live shows at once on this page and on the other person’s', async ({
  page,
  app,
  browser,
}) => {
  const restorer = await createUser(app, 'Restorer');
  const writer = await createUser(app, 'Writer');
  const { id } = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    token: restorer.token,
    body: { title: 'Two desks' },
  });
  await apiCall(app, '/assign-users-to-strategy/', {
    method: 'PATCH',
    token: restorer.token,
    body: {
      strategy_id: id,
      strategy_masters: [restorer, writer].map((person) => ({ id: person.id, email: person.email })),
    },
  });
  await logInBrowser(page, restorer);
  await page.goto(`/strategy/${id}`);
  const other = await browser.newPage({ baseURL: app.baseURL });
  await logInBrowser(other, writer);
  await other.goto(`/strategy/${id}`);

  // The writer's two ambitions reach the restorer's open page live (without their versions).
  const theirs = other.getByRole('textbox', { name: 'Ambition' });
  await typeInto(theirs, 'Serve hospitals first.');
  await saved(other);
  await other.getByRole('textbox', { name: 'Strategy title' }).fill('Two desks, one plan');
  await saved(other);
  await typeInto(theirs, 'Serve everyone at once.');
  await saved(other);
  // The writer leaves the field (and its lock), as a colleague at another desk would.
  await other.getByRole('textbox', { name: 'Strategy title' }).focus();
  const mine = page.getByRole('textbox', { name: 'Ambition' });
  await expect(mine).toHaveText('Serve everyone at once.');

  const panel = await openActivity(page);
  const earlier = panel.getByTestId('activity-item').filter({ hasText: 'Ambition' }).last();
  await expect(earlier.locator('ins')).toContainText('Serve hospitals first.');
  await earlier.getByRole('button', { name: HISTORY_MESSAGES.restoreThis }).click();
  await expect(panel.getByRole('status').filter({ hasText: HISTORY_MESSAGES.restored })).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // Behind the open drawer already, and after it closes; on the writer's page too, without a reload.
  await expect(page.getByRole('textbox', { name: 'Ambition', includeHidden: true })).toHaveText(
    'Serve hospitals first.',
  );
  await expect(theirs).toHaveText('Serve hospitals first.');
  await page.keyboard.press('Escape');
  await expect(mine).toHaveText('Serve hospitals first.');
  await other.close();
});
