/** Issue 14: an administrator runs the organisation from /organisation; nobody else is offered it. */
import { ORGANISATION_MESSAGES } from '@keystone/contract';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { createUser, logInBrowser, organisationAdmin } from './helpers/apiUsers';
import { answerLate, watchLayoutShift } from './helpers/layoutShift';

async function openAccountMenu(page: Page): Promise<void> {
  await page.goto('/strategies');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

test('an administrator sees the members and the log, and deactivates a member', async ({ app, page }) => {
  const admin = await organisationAdmin(app);
  const member = await createUser(app, 'Leaving');
  const memberName = 'Leaving Tester';

  await logInBrowser(page, admin);
  await openAccountMenu(page);
  await page.screenshot({ path: test.info().outputPath('organisation-menu.png') });
  await page.getByRole('link', { name: 'Organisation' }).click();
  await expect(page).toHaveURL(/\/organisation$/);

  const members = page.getByRole('table', { name: 'Members of the organisation' });
  const row = members.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('Active');
  const log = page.getByRole('table', { name: 'Security log' });
  await expect(log.getByRole('row').filter({ hasText: memberName }).first()).toContainText('Signed in');
  await page.screenshot({ path: test.info().outputPath('organisation-page.png'), fullPage: true });

  await row.getByRole('button', { name: `Deactivate ${memberName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${memberName}?` });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: ORGANISATION_MESSAGES.memberDeactivated(memberName) }),
  ).toBeVisible();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('button', { name: `Reactivate ${memberName}` })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: memberName }).first()).toContainText('Deactivated');
  await page.screenshot({ path: test.info().outputPath('organisation-deactivated.png'), fullPage: true });
});

test('someone who is not an administrator is not offered the page', async ({ app, page }) => {
  const user = await createUser(app, 'Plain');
  await logInBrowser(page, user);
  await openAccountMenu(page);
  await expect(page.getByRole('link', { name: 'Organisation' })).toHaveCount(0);

  await page.goto('/organisation');
  await expect(page.getByText(ORGANISATION_MESSAGES.adminsOnly)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the page does not jump when the members arrive last', async ({ app, page }) => {
  const admin = await organisationAdmin(app);
  for (let i = 1; i <= 12; i++) await createUser(app, `Member${i}`);
  await logInBrowser(page, admin);
  const layoutShift = await watchLayoutShift(page);
  // The members answer later than the sections below them.
  await answerLate(page, '/api/organisation/members/');

  await page.goto('/organisation');
  const members = page.getByRole('table', { name: 'Members of the organisation' });
  await expect(members.getByRole('row').filter({ hasText: 'Member12' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending invitations' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await layoutShift()).toBeLessThan(0.01);
});
