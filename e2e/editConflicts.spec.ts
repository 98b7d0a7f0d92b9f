/**
 * No lost updates in real browsers (issue 15): two strategy masters edit the strategy title from
 * the same version. The second save is refused as stale; the second person sees the first one's
 * text beside their own, chooses "Use mine", and their text is what the server keeps.
 */
import { HISTORY_MESSAGES } from '@keystone/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser } from './helpers/apiUsers';
import { openStrategyAs, sharedStrategy, strategyTitle } from './helpers/sharedStrategy';

interface WireStrategy {
  id: number;
  title: string;
  version: number;
}

const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' });

test('the second of two edits from the same version sees both texts and keeps its own', async ({
  browser,
  app,
}) => {
  const alice = await createUser(app, 'Alice');
  const bruno = await createUser(app, 'Bruno');
  const strategyId = await sharedStrategy(app, alice, bruno);
  const asAlice = await openStrategyAs(browser, app, alice, strategyId);
  const asBruno = await openStrategyAs(browser, app, bruno, strategyId);

  // Bruno's connection drops while he rewrites the title: his edit waits, unsent.
  await asBruno.context.setOffline(true);
  await strategyTitle(asBruno.page).fill('Bruno’s north star');
  await expect(saveStatus(asBruno.page)).toHaveText('Not saved — retrying');

  // Meanwhile Alice rewrites it from the same version, and hers is stored.
  await strategyTitle(asAlice.page).fill('Alice’s north star');
  await strategyTitle(asAlice.page).blur();
  await expect(saveStatus(asAlice.page)).toHaveText('Saved');

  // Bruno is back: his edit started from the version before Alice's, so the server refuses it and
  // his page shows both texts, keeping his own in the field.
  await asBruno.context.setOffline(false);
  const conflict = asBruno.page.getByRole('region', { name: HISTORY_MESSAGES.stale });
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await expect(conflict).toContainText(HISTORY_MESSAGES.theirText('Alice Tester'));
  await expect(conflict).toContainText('Alice’s north star');
  await expect(conflict).toContainText(HISTORY_MESSAGES.yourText);
  await expect(strategyTitle(asBruno.page)).toHaveValue('Bruno’s north star');
  await expect(saveStatus(asBruno.page)).toHaveText('Not saved');

  // He keeps his own, by keyboard.
  await conflict.getByRole('button', { name: HISTORY_MESSAGES.useMine }).focus();
  await asBruno.page.keyboard.press('Enter');
  await expect(conflict).toBeHidden();
  await expect(saveStatus(asBruno.page)).toHaveText('Saved');

  const stored = await apiCall<WireStrategy>(app, `/strategy/${strategyId}/`, { token: alice.token });
  expect(stored.title).toBe('Bruno’s north star');
  // Alice's page shows his text live.
  await expect(strategyTitle(asAlice.page)).toHaveValue('Bruno’s north star');
  await asAlice.context.close();
  await asBruno.context.close();
});
