/** Sessions under the user's control: two browsers, one ends the other; the password change. */
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiCall, createUser } from './helpers/apiUsers';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const NEW_PASSWORD = 'Changed-pass3?';

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/strategies$/);
}

test('a user sees both browsers, ends the other one and changes the password', async ({ app, browser }) => {
  const user = await createUser(app, 'Sessions');
  // The helper's own API login is not one of the two browsers of this journey.
  await apiCall(app, '/auth/logout/', { method: 'POST', token: user.token });

  const first = await browser.newContext({ baseURL: app.baseURL });
  const second = await browser.newContext({ baseURL: app.baseURL, userAgent: FIREFOX });
  const page = await first.newPage();
  const other = await second.newPage();
  await logIn(other, user.email, user.password);
  await logIn(page, user.email, user.password);

  await page.goto('/profile-settings');
  const security = page.locator('section', { has: page.getByRole('heading', { name: 'Security' }) });
  const sessions = security.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').first()).toContainText('This browser');
  await expect(sessions.getByRole('listitem').nth(1)).toContainText('Firefox on Windows');
  await security.scrollIntoViewIfNeeded();
  await security.screenshot({ path: test.info().outputPath('security-section.png') });

  await sessions.getByRole('button', { name: /^End session: Firefox on Windows/ }).click();
  await expect(security.getByRole('status').filter({ hasText: 'The session has been ended.' })).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(security.getByText('You are not logged in anywhere else.')).toBeVisible();

  // The ended browser's socket closed, which logs it out at once; any next step stays at /login.
  await expect(other).toHaveURL(/\/login\/?$/);
  await other.goto('/strategies');
  await expect(other).toHaveURL(/\/login\/?$/);

  // The password change, from the same Security section.
  const form = security.getByRole('form', { name: 'Change password' });
  await security.getByLabel('Current password').fill('Wrong-pass1!');
  await security.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await security.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(security.getByText('Your current password is not correct.')).toBeVisible();

  await security.getByLabel('Current password').fill(user.password);
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Your password has been changed. Your other sessions have been logged out.',
  );
  await expect(security.getByLabel('Current password')).toHaveValue('');
  // The message clears itself after 3 seconds, like the other messages.
  await expect(form.getByRole('status')).toHaveCount(0, { timeout: 6_000 });
  const notice = await app.smtp.waitFor(user.email, /password was changed/);
  expect(notice.links.some((link) => link.endsWith('/forgot-password'))).toBe(true);

  await logIn(other, user.email, NEW_PASSWORD);
  await first.close();
  await second.close();
});
