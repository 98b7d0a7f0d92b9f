/**
 * Issue 28, WCAG 2.4.3: focus is never dropped to the page's body. After a page change it is on
 * the new page's heading; after a save it stays on the button (or the outcome); after a refused
 * login it is on the reason.
 */
import { MESSAGES, PROGRESS_MESSAGES } from '@keystone/contract';
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser, organisationAdmin } from './helpers/apiUsers';
import { focusedSummary, focusIsInMain, outlineStyleOf } from './helpers/focusInPage';

test('after a page change focus is on the new page heading', async ({ page, app }) => {
  const user = await createUser(app, 'Walker');
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Walked by keyboard' },
    token: user.token,
  });
  await logInBrowser(page, user);
  await page.goto(`/strategy-settings/${strategy.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A header link followed with Enter.
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await focusedSummary(page)).toMatch(/^h1: /);

  // The next Tab goes on from the heading, into the page (once the page's list has come).
  await expect(page.getByRole('main').getByRole('link', { name: 'Walked by keyboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await focusIsInMain(page), await focusedSummary(page)).toBe(true);

  // A link inside the page, whose own page then disappears.
  await page.goto(`/strategy-settings/${strategy.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Progress' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/progress-update\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // A programmatic focus on a heading shows no ring.
  expect(await outlineStyleOf(page.getByRole('heading', { level: 1 }))).toBe('none');
});

test('after a refused login focus is on the reason', async ({ page, app }) => {
  const user = await createUser(app, 'Refused');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('not-the-password-1!');
  await page.keyboard.press('Enter');
  const reason = page.getByRole('alert').filter({ hasText: /log in/i });
  await expect(reason).toBeVisible();
  await expect(reason).toBeFocused();
});

test('after the team Submit and the settings Save focus stays on the button or the outcome', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Saver');
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Saved by keyboard' },
    token: master.token,
  });
  await logInBrowser(page, master);
  const onButtonOrOutcome = async (button: string, outcome: string) => {
    const where = await focusedSummary(page);
    expect([`button: ${button}`, `div[status]: ${outcome}`, `div[alert]: ${outcome}`]).toContain(where);
  };

  await page.goto(`/strategy-team/${strategy.id}`);
  const owner = page.getByRole('combobox', { name: /^Owner of / }).first();
  await owner.fill(`owner-${Date.now()}@e2e.test`);
  await owner.press('Enter');
  await page.getByRole('button', { name: 'Submit' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.strategyTeamSaved)).toBeVisible();
  await onButtonOrOutcome('Submit', MESSAGES.strategyTeamSaved);
  // Still there after the message goes.
  await expect(page.getByText(MESSAGES.strategyTeamSaved)).toBeHidden({ timeout: 6000 });
  expect(await focusedSummary(page)).not.toBe('body');

  await page.goto(`/strategy-settings/${strategy.id}`);
  await page.getByRole('spinbutton', { name: 'Repeat every' }).fill('2');
  await page.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(PROGRESS_MESSAGES.settingsSaved)).toBeVisible();
  await onButtonOrOutcome('Save', PROGRESS_MESSAGES.settingsSaved);
});

test('a switch or button whose change is being saved keeps the focus', async ({ page, app }) => {
  const admin = await organisationAdmin(app);
  await createUser(app, 'Switched');
  const strategy = await apiCall<{ focus_areas: { initiatives: { id: number }[] }[] }>(
    app,
    '/strategy/create/',
    { method: 'POST', body: { title: 'Timeline kept in focus' }, token: admin.token },
  );
  // Each save takes a moment, as on a slow network: long enough for a disabled control to lose focus.
  const slowly = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  };
  await page.route('**/api/organisation/members/*/', slowly);
  await page.route('**/api/timeline/create/', slowly);
  await logInBrowser(page, admin);

  await page.goto('/organisation');
  const adminSwitch = page.getByRole('switch', { name: `Administrator: Switched Tester` });
  await adminSwitch.focus();
  const saved = page.waitForResponse((response) => response.url().includes('/api/organisation/members/'));
  await page.keyboard.press('Space');
  await saved;
  await expect(adminSwitch).toBeChecked();
  await expect(adminSwitch).toBeFocused();

  await page.goto(`/initiative-charter/${strategy.focus_areas[0]!.initiatives[0]!.id}`);
  const addRow = page.getByRole('button', { name: 'Add row' });
  await addRow.focus();
  const created = page.waitForResponse((response) => response.url().includes('/api/timeline/create/'));
  await page.keyboard.press('Enter');
  await created;
  await expect(page.getByRole('table', { name: 'Timeline' }).getByRole('row')).toHaveCount(2);
  await expect(addRow).toBeFocused();
});
