/**
 * Two strategy masters on one strategy, each in a browser context of their own: how the browser
 * tests of live collaboration (locks, live edits, conflicts, announcements) begin.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, type RunningApp } from '../fixtures';
import { type ApiUser, apiCall, logInBrowser } from './apiUsers';

/** The title the shared strategy starts with. */
export const SHARED_TITLE = 'Shared north star';

export const strategyTitle = (page: Page) => page.getByRole('textbox', { name: 'Strategy title' });

/** A strategy titled SHARED_TITLE, mastered by both people. */
export async function sharedStrategy(app: RunningApp, owner: ApiUser, other: ApiUser): Promise<number> {
  const token = owner.token;
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: {},
    token,
  });
  await apiCall(app, `/strategy/update/${strategy.id}/`, {
    method: 'PATCH',
    body: { title: SHARED_TITLE },
    token,
  });
  await apiCall(app, '/assign-users-to-strategy/', {
    method: 'PATCH',
    token,
    body: {
      strategy_id: strategy.id,
      strategy_masters: [owner, other].map((person) => ({ id: person.id, email: person.email })),
    },
  });
  return strategy.id;
}

/** A logged-in page of its own browser context, showing the strategy; `prepare` runs before any page loads. */
export async function openStrategyAs(
  browser: Browser,
  app: RunningApp,
  user: ApiUser,
  strategyId: number,
  prepare?: (page: Page) => Promise<unknown>,
) {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  await prepare?.(page);
  await logInBrowser(page, user);
  await page.goto(`/strategy/${strategyId}`);
  await expect(strategyTitle(page)).toHaveValue(SHARED_TITLE);
  return { context, page };
}
