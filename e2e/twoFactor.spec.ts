/**
 * Two-factor authentication in a real browser: turn it on in profile settings from the key the
 * page shows (codes computed here with otpauth, as a phone would), log out, log in with password
 * and code, and once with a recovery code.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MFA_MESSAGES } from '@keystone/contract';
import { expect, test } from './fixtures';
import { createUser, logInBrowser } from './helpers/apiUsers';
import { expectLoggedIn, logOut, passwordStep } from './helpers/login';
import { awayFromStepEdge, codeFor } from './helpers/totp';

const SCREENS = path.resolve(import.meta.dirname, '../.tmp/screens');

test('a user turns on two-factor, then logs in with a code and with a recovery code', async ({
  page,
  app,
}) => {
  mkdirSync(SCREENS, { recursive: true });
  const user = await createUser(app, 'Totp');
  await logInBrowser(page, user);
  await page.goto('/profile-settings');

  // Off → set-up: the QR code and the key to type.
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('heading', { name: 'Security' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENS, 'two-factor-setup.png'), fullPage: true });

  // A wrong code is refused with a clear message; the app's code turns it on.
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText(MFA_MESSAGES.codeInvalid)).toBeVisible();
  await awayFromStepEdge();
  // The previous step's code, so the current one is still unused for the login below.
  await page.getByLabel('Authentication code').fill(codeFor(secret, -1));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();

  // The recovery codes, once, with the warning.
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await expect(page.getByText(MFA_MESSAGES.recoveryCodesWarning)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'two-factor-recovery-codes.png'), fullPage: true });
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  // Log out, log in with password and a code.
  await logOut(page);
  await passwordStep(page, user.email, user.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await page.screenshot({ path: path.join(SCREENS, 'two-factor-login-code.png') });
  await awayFromStepEdge();
  await codeField.fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectLoggedIn(page);

  // Once more with a recovery code (after a wrong one).
  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill('aaaaa-aaaaa');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(MFA_MESSAGES.codeInvalid)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'two-factor-login-recovery-error.png') });
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectLoggedIn(page);

  await page.goto('/profile-settings');
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
});
