/**
 * Real-time collaboration in real browsers (issue 4): two strategy masters on one strategy, each
 * in a browser context of their own. A field one of them edits is locked for the other, with the
 * holder's name; what they type arrives live; closing the page releases the lock at once. The
 * progress page's title (editable by masters there too) takes part the same way.
 */
import { MESSAGES } from '@keystone/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createUser } from './helpers/apiUsers';
import { openStrategyAs, sharedStrategy, strategyTitle } from './helpers/sharedStrategy';

const focusAreaTitle = (page: Page) => page.getByRole('textbox', { name: 'Title of focus area 1' });
/** The wrapper LockableField puts around a locked field. */
const lockOf = (page: Page, label: string) =>
  page.locator('[data-locked]', { has: page.getByRole('textbox', { name: label }) });

test('a field one master edits is locked for the other, whose page shows the edits live', async ({
  browser,
  app,
}) => {
  const alice = await createUser(app, 'Alice');
  const bruno = await createUser(app, 'Bruno');
  const strategyId = await sharedStrategy(app, alice, bruno);
  const asAlice = await openStrategyAs(browser, app, alice, strategyId);
  const asBruno = await openStrategyAs(browser, app, bruno, strategyId);
  const aliceName = 'Alice Tester';

  // Alice starts editing the title: Bruno sees it read-only, with a lock and her name.
  await strategyTitle(asAlice.page).click();
  await expect(strategyTitle(asBruno.page)).not.toBeEditable();
  const brunoTitleLock = lockOf(asBruno.page, 'Strategy title');
  await expect(brunoTitleLock).toHaveAttribute('data-locked', 'lockedByOther');
  await expect(brunoTitleLock.locator(':scope > svg')).toBeVisible();
  await strategyTitle(asBruno.page).hover();
  await expect(asBruno.page.getByRole('tooltip')).toHaveText(MESSAGES.fieldLockedBy(aliceName));

  // What she types arrives on Bruno's page without a reload.
  await strategyTitle(asAlice.page).press('ControlOrMeta+a');
  await strategyTitle(asAlice.page).pressSequentially('Typed by Alice');
  await expect(strategyTitle(asBruno.page)).toHaveValue('Typed by Alice');
  await expect(asBruno.page.getByRole('tooltip')).toHaveText(MESSAGES.fieldLockedBy(aliceName));

  // She moves on to a focus-area title: the strategy title frees up, the focus area locks, and
  // her words arrive there too.
  await focusAreaTitle(asAlice.page).click();
  await expect(strategyTitle(asBruno.page)).toBeEditable();
  await expect(focusAreaTitle(asBruno.page)).toHaveAttribute('aria-readonly', 'true');
  await focusAreaTitle(asAlice.page).pressSequentially('Customers first');
  await expect(focusAreaTitle(asBruno.page)).toHaveText('Customers first');
  await expect(asAlice.page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  // Alice's page goes away while she is still in the field: its socket closes and the lock goes
  // with it, well before the lock would expire.
  await asAlice.context.close();
  await expect(focusAreaTitle(asBruno.page)).toHaveAttribute('aria-readonly', 'false', { timeout: 10_000 });

  // Bruno edits the title himself, and it is saved.
  await strategyTitle(asBruno.page).fill('Bruno takes over');
  await expect(asBruno.page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await expect(asBruno.page.getByRole('status', { name: 'Connection status' })).toHaveText('');
  await asBruno.context.close();
});

test('the progress page locks the strategy title while another master edits it, and shows the edits live', async ({
  browser,
  app,
}) => {
  const alice = await createUser(app, 'Alice');
  const bruno = await createUser(app, 'Bruno');
  const strategyId = await sharedStrategy(app, alice, bruno);
  const asAlice = await openStrategyAs(browser, app, alice, strategyId);
  // Bruno has the progress page open, where masters edit the title and ambition too.
  const asBruno = await openStrategyAs(browser, app, bruno, strategyId);
  await asBruno.page.goto(`/progress-update/${strategyId}`);
  await expect(strategyTitle(asBruno.page)).toBeEditable();

  await strategyTitle(asAlice.page).click();
  await expect(strategyTitle(asBruno.page)).not.toBeEditable();
  await expect(lockOf(asBruno.page, 'Strategy title')).toHaveAttribute('data-locked', 'lockedByOther');
  await strategyTitle(asAlice.page).press('ControlOrMeta+a');
  await strategyTitle(asAlice.page).pressSequentially('Seen on the progress page');
  await expect(strategyTitle(asBruno.page)).toHaveValue('Seen on the progress page');

  // Alice leaves the field: Bruno may edit it on the progress page, and it is saved.
  await asAlice.context.close();
  await expect(strategyTitle(asBruno.page)).toBeEditable({ timeout: 10_000 });
  await strategyTitle(asBruno.page).fill('Edited on the progress page');
  await expect(asBruno.page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await asBruno.context.close();
});
