/**
 * A deleted focus area brought back from the Activity panel by keyboard alone: its line offers
 * "Restore" until the end of the retention period; the outcome is announced and focused, and the
 * focus area is back in its place, with its initiative, on this page and on another open one.
 */
import { DELETED_RECORD_MESSAGES, HISTORY_MESSAGES } from '@keystone/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';

interface Created {
  id: number;
}

const titleOf = (page: Page, position: number) =>
  page
    .getByRole('region', { name: `Focus area ${position}` })
    .getByRole('textbox', { name: `Title of focus area ${position}` });

test('a strategy master restores a deleted focus area from the Activity panel by keyboard', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Keeper');
  const token = master.token;
  const strategy = await apiCall<Created>(app, '/strategy/create/', {
    method: 'POST',
    token,
    body: { title: 'Restorable' },
  });
  const middle = await apiCall<Created>(app, '/focusarea/create/', {
    method: 'POST',
    token,
    body: { strategy: strategy.id, title: 'Market entry' },
  });
  await apiCall(app, '/focusarea/create/', {
    method: 'POST',
    token,
    body: { strategy: strategy.id, title: 'Last' },
  });

  await logInBrowser(page, master);
  await page.goto(`/strategy/${strategy.id}`);
  await expect(titleOf(page, 2)).toHaveText('Market entry');
  const other = await page.context().newPage();
  await other.goto(`/strategy/${strategy.id}`);
  await expect(titleOf(other, 2)).toHaveText('Market entry');

  await apiCall(app, `/focusarea/delete/${middle.id}/`, { method: 'DELETE', token });
  await expect(page.getByTestId('focus-area')).toHaveCount(2);
  await expect(titleOf(page, 2)).toHaveText('Last');

  await page.getByRole('button', { name: HISTORY_MESSAGES.activity }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: HISTORY_MESSAGES.activity });
  const deletion = panel.getByTestId('activity-item').filter({ hasText: 'removed “Market entry”' });
  await expect(deletion).toContainText('Can be restored until');
  const restore = deletion.getByRole('button', { name: 'Restore focus area “Market entry”' });
  await expect(restore).toHaveText(DELETED_RECORD_MESSAGES.restore);

  // Tab through the panel to the button, as a keyboard user does.
  for (let presses = 0; presses < 40; presses += 1) {
    if (await restore.evaluate((button) => button === button.ownerDocument.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(restore).toBeFocused();
  // Its focus is visible: an outline drawn around it.
  await expect(restore).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');

  const outcome = panel.getByRole('status').filter({ hasText: DELETED_RECORD_MESSAGES.restoredFocusArea });
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
  await expect(deletion).toContainText(DELETED_RECORD_MESSAGES.restoredSince);
  await expect(deletion.getByRole('button', { name: /Restore/ })).toHaveCount(0);
  await expect(panel.getByTestId('activity-item').first()).toContainText('restored “Market entry”');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('focus-area')).toHaveCount(3);
  await expect(titleOf(page, 2)).toHaveText('Market entry');
  await expect(page.getByRole('region', { name: 'Focus area 2' }).getByTestId('initiative-card')).toHaveCount(
    1,
  );
  // The other open page shows it at once, without a reload.
  await expect(titleOf(other, 2)).toHaveText('Market entry');
  await page.reload();
  await expect(titleOf(page, 2)).toHaveText('Market entry');
});
