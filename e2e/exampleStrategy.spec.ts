/**
 * "Start from an example" (issue 18) in a real browser against the real server: a newcomer's empty
 * list offers it, one click lands on the filled-in sample, which is theirs to edit.
 */
import { EXAMPLE_STRATEGY_TEXTS } from '@keystone/contract';
import { expect, test } from './fixtures';
import { createUser, logInBrowser } from './helpers/apiUsers';

test('a newcomer starts from the example and lands on a filled-in strategy they can edit', async ({
  page,
  app,
}) => {
  const newcomer = await createUser(app, 'Newcomer');
  await logInBrowser(page, newcomer);

  await page.goto('/strategies');
  await expect(page.getByText(EXAMPLE_STRATEGY_TEXTS.hint)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('empty-list.png') });
  await page.getByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start }).click();

  await expect(page).toHaveURL(/\/strategy\/\d+$/);
  const title = page.getByRole('textbox', { name: 'Strategy title' });
  await expect(title).toHaveValue('Acme 2027: from product to platform');
  await expect(page.getByTestId('focus-area')).toHaveCount(3);
  await expect(page.getByText('Self-service onboarding in under 10 minutes')).toBeVisible();
  await expect(page.getByText('Monthly all-hands with open Q&A')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('example-strategy.png'), fullPage: true });

  // It is theirs: the title saves like any other.
  await title.fill('Our 2027 strategy');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  // Back on the list, the example is there and no longer offered as the empty list's way in.
  await page.goto('/strategies');
  await expect(page.getByText('Our 2027 strategy')).toBeVisible();
  await expect(page.getByText(EXAMPLE_STRATEGY_TEXTS.hint)).toHaveCount(0);
  await expect(page.getByRole('button', { name: EXAMPLE_STRATEGY_TEXTS.start })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('list.png') });
});
