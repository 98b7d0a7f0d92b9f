/**
 * Personal access tokens in a real browser (issue 32): made in profile settings and shown once,
 * used from a script (fetch with Bearer), revoked after asking, and refused from then on; axe on
 * the section with the token shown and with the confirmation open.
 */
import { ACCESS_TOKEN_LABELS, ACCESS_TOKEN_MESSAGES, MESSAGES } from '@keystone/contract';
import { expect, test } from './fixtures';
import { createUser, logInBrowser } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';

test('a person makes a token, a script uses it, and it is refused once revoked', async ({ page, app }) => {
  const user = await createUser(app, 'Scripter');
  await logInBrowser(page, user);
  await page.goto('/profile-settings');
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: ACCESS_TOKEN_LABELS.heading }),
  });
  await expect(section.getByText(ACCESS_TOKEN_LABELS.noTokens)).toBeVisible();

  const form = section.getByRole('form', { name: ACCESS_TOKEN_LABELS.create });
  await form.getByLabel(ACCESS_TOKEN_LABELS.tokenName).fill('Revenue export');
  await form.getByRole('radio', { name: ACCESS_TOKEN_LABELS.scopeLabels.read, exact: true }).check();
  await form.getByLabel(ACCESS_TOKEN_LABELS.expiryField).selectOption('7');
  await form.getByRole('button', { name: ACCESS_TOKEN_LABELS.create }).click();
  const shown = section.getByRole('region', { name: ACCESS_TOKEN_LABELS.newToken });
  await expect(shown).toContainText(ACCESS_TOKEN_MESSAGES.created);
  const token = (await shown.locator('code').textContent()) ?? '';
  expect(token).toMatch(/^kst_pat_[\w-]{43}$/);
  await expect(shown.getByRole('button', { name: ACCESS_TOKEN_LABELS.copyToken })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A script's call: the token acts as its person, and may only read.
  const call = (method: string, path: string) =>
    fetch(`${app.baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(method === 'POST' && { body: JSON.stringify({ title: 'By a script' }) }),
    });
  const me = await call('GET', '/api/get-user-details/');
  expect(me.status).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(user.email);
  const write = await call('POST', '/api/strategy/create/');
  expect(write.status).toBe(403);
  expect(((await write.json()) as { detail: string }).detail).toBe(ACCESS_TOKEN_MESSAGES.readOnly);

  await shown.getByRole('button', { name: ACCESS_TOKEN_LABELS.tokenSaved }).click();
  await expect(shown).toBeHidden();
  const table = section.getByRole('table', { name: ACCESS_TOKEN_LABELS.tokensTable });
  await expect(table.getByRole('row', { name: /Revenue export/ })).toContainText(token.slice(0, 12));

  await table.getByRole('button', { name: ACCESS_TOKEN_LABELS.revokeButton('Revenue export') }).click();
  const dialog = page.getByRole('dialog', { name: ACCESS_TOKEN_LABELS.confirmRevokeTitle('Revenue export') });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: ACCESS_TOKEN_LABELS.revoke }).click();
  await expect(section.getByRole('status').filter({ hasText: ACCESS_TOKEN_MESSAGES.revoked })).toBeVisible();
  await expect(section.getByText(ACCESS_TOKEN_LABELS.noTokens)).toBeVisible();

  const refused = await call('GET', '/api/get-user-details/');
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toBe(MESSAGES.invalidToken);
});
