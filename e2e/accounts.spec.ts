/**
 * The account journey of issue 2 in a real browser: invite → sign up → verify on the mail's page
 * with the sign-up's password → log in → edit profile → invite someone → log out → forgot
 * password → reset → log in.
 */
import { MESSAGES } from '@keystone/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createUser, logInBrowser } from './helpers/apiUsers';
import { answerLate, watchLayoutShift } from './helpers/layoutShift';

const PASSWORD = 'First-pass1!';
const NEW_PASSWORD = 'Second-pass2?';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('a new user signs up from an invite, manages the profile and resets the password', async ({
  page,
  app,
  browser,
}) => {
  const email = app.firstInviteEmail;

  // Sign up from the link the admin command printed.
  await page.goto(app.firstInviteLink);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('E-mail').fill(email);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('weak');
  // The live checklist shows which rules are still unmet.
  await expect(page.getByText(MESSAGES.passwordUppercase)).toBeVisible();
  await password.fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/signup-complete$/);

  // Logging in before verifying is refused with a clear message.
  await logIn(page, email, PASSWORD);
  await expect(page.getByText(MESSAGES.emailNotVerified)).toBeVisible();

  // The verification link from the mail received over SMTP, opened in another browser (a phone's
  // mail app, say): a page asking for the password chosen at sign-up; opening it verifies nothing.
  const verification = await app.smtp.waitFor(email, /Confirm your e-mail/);
  const verifyLink = verification.links.find((link) => link.includes('/verify-email/'));
  expect(verifyLink).toMatch(new RegExp(`^${app.baseURL}/verify-email/[\\w-]+$`));
  const elsewhere = await browser.newContext();
  const otherBrowser = await elsewhere.newPage();
  await otherBrowser.goto(verifyLink!);
  await expect(otherBrowser.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  const verifyPassword = otherBrowser.getByRole('textbox', { name: 'Password', exact: true });
  await expect(verifyPassword).toBeVisible();
  await otherBrowser.screenshot({ path: test.info().outputPath('verify-email.png'), fullPage: true });
  await logIn(page, email, PASSWORD);
  await expect(page.getByText(MESSAGES.emailNotVerified)).toBeVisible();
  await verifyPassword.fill(NEW_PASSWORD);
  await verifyPassword.press('Enter');
  await expect(otherBrowser.getByText(MESSAGES.signupPasswordMismatch)).toBeVisible();
  await elsewhere.close();

  // In the browser that signed up, the link verifies without the password, and the login page
  // comes with the address filled in.
  await page.goto(verifyLink!);
  await expect(page).toHaveURL(/\/login\?verified=1&email=/);
  await expect(page.getByText(MESSAGES.emailVerified)).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  // Opened again: the account is verified, and the page offers log-in (no password asked).
  await page.goto(verifyLink!);
  await expect(page.getByText(MESSAGES.emailAlreadyVerified)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/strategies$/);

  // Edit the profile through the avatar menu.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  await expect(page.getByText('Edit profile settings here:')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeDisabled();
  await page.getByLabel('Business title').fill('Rear Admiral');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(MESSAGES.userDetailsUpdated)).toBeVisible();
  // Success messages clear after 3 seconds.
  await expect(page.getByText(MESSAGES.userDetailsUpdated)).toBeHidden({ timeout: 6000 });
  await page.reload();
  await expect(page.getByLabel('Business title')).toHaveValue('Rear Admiral');

  // Invite a colleague: a bad address is named, Enter does not submit, the mail arrives.
  const invites = page.getByLabel('E-mail addresses');
  await invites.fill('colleague@e2e.test, not-an-address');
  await invites.press('Enter');
  await expect(page.getByText(MESSAGES.invitesUpdated)).toBeHidden();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(/Invalid email address/).first()).toBeVisible();
  await invites.fill('colleague@e2e.test');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(MESSAGES.invitesUpdated)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invites' }).getByText('colleague@e2e.test')).toBeVisible();
  const invitation = await app.smtp.waitFor('colleague@e2e.test', /invited you/);
  expect(invitation.links.some((link) => link.startsWith(`${app.baseURL}/signup?email=`))).toBe(true);

  // Log out from the avatar menu: straight to /login, without the page first reloading itself
  // because the server closed its live connection (the revoked key) before answering the logout.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await page.waitForLoadState('networkidle');
  expect(visited).toHaveLength(1);
  expect(visited[0]).toMatch(/^\/login\/?$/);
  await page.goto('/profile-settings');
  await expect(page).toHaveURL(/\/login\/?$/);

  // Forgot password → reset from the mailed link → log in with the new password.
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  const reset = await app.smtp.waitFor(email, /Reset your/);
  const resetLink = reset.links.find((link) => link.includes('/reset-password/'));
  expect(resetLink).toMatch(new RegExp(`^${app.baseURL}/reset-password/[^/]+/[^/]+$`));
  await page.goto(resetLink!);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat new password').fill('Different-pass3!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(MESSAGES.passwordsMustMatch)).toBeVisible();
  await page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, PASSWORD);
  await expect(page.getByText(MESSAGES.wrongCredentials)).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/strategies$/);
});

test('an e-mail without an invite sees the invite-only message', async ({ page }) => {
  await page.goto('/signup');
  // Opened without an invitation's link: the page says where the right one is.
  await expect(page.getByText(MESSAGES.signupNeedsInviteLink)).toBeVisible();
  await page.getByLabel('First name').fill('Nobody');
  await page.getByLabel('Last name').fill('Invited');
  await page.getByLabel('E-mail').fill('stranger@e2e.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText(MESSAGES.inviteOnly)).toBeVisible();
});

test('unknown paths show the not-found page and protected pages require login', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: /strategies/i })).toBeVisible();
  await page.goto('/strategies');
  await expect(page).toHaveURL(/\/login$/);
});

test('the profile page does not jump when the details arrive last', async ({ app, page }) => {
  const user = await createUser(app, 'Profiled');
  await logInBrowser(page, user);
  const layoutShift = await watchLayoutShift(page);
  // The profile form, at the top, answers later than the invites below it.
  await answerLate(page, '/api/get-user-details/');

  await page.goto('/profile-settings');
  await expect(page.getByLabel('First name')).toHaveValue('Profiled');
  await expect(page.getByRole('heading', { name: 'Invites' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await layoutShift()).toBeLessThan(0.01);
});
