/**
 * Issue 15's page bugs in a real browser: each page requests each resource once on load (also
 * once its live connection opens), a deleted strategy is not requested again, and an empty
 * timeline date shows its whole placeholder.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';

interface WireStrategy {
  id: number;
  focus_areas: { initiatives: { id: number }[] }[];
}

/** Counts the page's GET requests to the API by path, from now on. */
function countReads(page: Page) {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    if (request.method() !== 'GET') return;
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return (path: string) => counts.get(path) ?? 0;
}

/** Long enough for the live connection to open and for anything it would start to be sent. */
const settle = (page: Page) => page.waitForTimeout(1500);

async function strategyOf(user: ApiUser, app: Parameters<typeof apiCall>[0]) {
  return apiCall<WireStrategy>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Counted reads' },
    token: user.token,
  });
}

test('each page requests each resource once on load', async ({ page, app }) => {
  const user = await createUser(app, 'Reader');
  const strategy = await strategyOf(user, app);
  await logInBrowser(page, user);
  const reads = countReads(page);

  await page.goto(`/strategy/${strategy.id}`);
  await expect(page.getByRole('textbox', { name: 'Strategy title' })).toHaveValue('Counted reads');
  await settle(page);
  expect(reads(`/api/strategy/${strategy.id}`)).toBe(1);

  await page.goto(`/progress-update/${strategy.id}`);
  await expect(page.getByRole('combobox', { name: 'Due Date' })).toBeVisible();
  await settle(page);
  expect(reads(`/api/strategy/${strategy.id}`)).toBe(2);
  expect(reads(`/api/notification-settings/${strategy.id}/`)).toBe(1);
  expect(reads(`/api/locked-comment-dates/${strategy.id}/`)).toBe(1);
  expect(reads(`/api/status-history/${strategy.id}/`)).toBe(1);

  await page.goto(`/strategy-settings/${strategy.id}`);
  await expect(page.getByRole('heading', { name: /^Settings for:/ })).toBeVisible();
  await settle(page);
  expect(reads(`/api/strategy/${strategy.id}`)).toBe(3);
  expect(reads(`/api/notification-settings/${strategy.id}/`)).toBe(2);

  await page.goto('/strategies');
  await expect(page.getByText('Counted reads').first()).toBeVisible();
  await settle(page);
  expect(reads('/api/strategies/')).toBe(1);
});

test('a deleted strategy is not requested again', async ({ page, app }) => {
  const user = await createUser(app, 'Deleter');
  const strategy = await strategyOf(user, app);
  await logInBrowser(page, user);
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
  });
  await page.goto(`/strategy/${strategy.id}`);
  await expect(page.getByRole('textbox', { name: 'Strategy title' })).toHaveValue('Counted reads');
  await settle(page);
  const reads = countReads(page);

  await page.getByRole('button', { name: 'Strategy menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete strategy' }).click();
  await expect(page).toHaveURL(/\/strategies$/);
  await expect(page.getByRole('heading', { name: 'Strategies', level: 1 })).toBeVisible();
  await settle(page);
  expect(reads(`/api/strategy/${strategy.id}`)).toBe(0);
  expect(notFound).toEqual([]);
});

test('an empty timeline date shows its whole placeholder', async ({ page, app }) => {
  const user = await createUser(app, 'Planner');
  const strategy = await strategyOf(user, app);
  const initiativeId = strategy.focus_areas[0]!.initiatives[0]!.id;
  await apiCall(app, '/timeline/create/', {
    method: 'POST',
    body: { initiative: initiativeId },
    token: user.token,
  });
  await logInBrowser(page, user);
  await page.goto(`/initiative-charter/${initiativeId}`);
  const start = page.getByRole('group', { name: 'Start date of timeline row 1' });
  await expect(start).toHaveText('MM/DD/YYYY');
  // Below the md breakpoint (900 px) the date columns are narrower.
  await page.setViewportSize({ width: 860, height: 900 });
  // Nothing of the placeholder is cut off or hidden under the calendar button.
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shape.
  interface Box {
    getBoundingClientRect(): { right: number };
  }
  interface Field extends Box {
    scrollWidth: number;
    clientWidth: number;
    querySelectorAll(selector: string): ArrayLike<Box>;
  }
  const fits = await start.evaluate((element) => {
    const field = element as unknown as Field;
    const sections = Array.from(field.querySelectorAll('[role="spinbutton"]'));
    const right = Math.max(...sections.map((section) => section.getBoundingClientRect().right));
    return {
      scroll: field.scrollWidth,
      client: field.clientWidth,
      right,
      edge: field.getBoundingClientRect().right,
    };
  });
  const button = await page
    .getByRole('button', { name: 'Choose start date of timeline row 1' })
    .boundingBox();
  expect(fits.scroll).toBeLessThanOrEqual(fits.client);
  expect(fits.right).toBeLessThanOrEqual(fits.edge);
  expect(fits.right).toBeLessThanOrEqual(button?.x ?? 0);
});
