/**
 * The portfolio overview (issue 18) as an executive meets it: opened from the header with three
 * strategies, one of which has passed two due dates; its counts, trend, next due date and empty
 * updates read in the table, a column sorts by keyboard, and a name leads to the progress page.
 */
import { formatDueDate, PORTFOLIO_TEXT } from '@keystone/contract';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { moveServerClockPast, type WireStrategy, weeklyFromNextHour } from './helpers/progress';

const WEEK = 7 * 86_400_000;

test('the portfolio overview shows every strategy at a glance and sorts by keyboard', async ({
  app,
  page,
}) => {
  const executive = await createUser(app, 'Erin');
  const call = <T>(path: string, method: 'GET' | 'POST' | 'PATCH', body?: unknown) =>
    apiCall<T>(app, path, { method, body, token: executive.token });
  const create = async (title: string) => {
    const strategy = await call<WireStrategy>('/strategy/create/', 'POST', { title });
    const area = strategy.focus_areas[0]!;
    const second = await call<{ id: number }>('/initiative/create/', 'POST', {
      focus_area: area.id,
      title: 'Hire',
    });
    await call(`/initiative/update/${area.initiatives[0]!.id}/`, 'PATCH', { title: 'Launch' });
    return { id: strategy.id, first: area.initiatives[0]!.id, second: second.id };
  };
  const status = (initiative: number, value: string) =>
    call(`/initiative/update/${initiative}/`, 'PATCH', { status: value });

  const growth = await create('Growth 2027');
  await create('Quiet strategy');
  const people = await create('People first');
  await status(growth.first, 'BL');
  await status(growth.second, 'OT');
  await status(people.first, 'CO');

  // Growth passes two weekly due dates; its first initiative's update is written afterwards.
  const due = await weeklyFromNextHour(app, growth.id, executive.token);
  await moveServerClockPast(app, due);
  await status(growth.second, 'DE');
  await moveServerClockPast(app, new Date(due.getTime() + WEEK));
  const page0 = await call<WireStrategy>(`/strategy/${growth.id}`, 'GET');
  const progress = page0.focus_areas[0]!.initiatives[0]!.comments.find((item) => item.comment_type === 'PR')!;
  await call(`/comments/update/${progress.id}/`, 'PATCH', { comment: '<p>Pilot signed</p>' });

  await logInBrowser(page, executive);
  await page.goto('/strategies');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: PORTFOLIO_TEXT.headerLink })
    .click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1, name: PORTFOLIO_TEXT.pageTitle })).toBeVisible();

  const table = page.getByRole('table', { name: PORTFOLIO_TEXT.pageTitle });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  const growthRow = rows.filter({ has: page.getByRole('link', { name: 'Growth 2027' }) });
  await expect(growthRow.getByRole('list', { name: '2 initiatives: 1 Blocked, 1 Delayed' })).toBeVisible();
  const trend = growthRow.getByRole('img');
  await expect(trend).toHaveAttribute('aria-label', /1 Blocked, 1 On Track\).*; .*1 Blocked, 1 Delayed\)/);
  await expect(growthRow.locator('time')).toHaveText(
    formatDueDate(new Date(due.getTime() + 2 * WEEK), 'UTC'),
  );
  await expect(growthRow.getByText(PORTFOLIO_TEXT.emptyUpdates(1))).toBeVisible();
  await expect(rows.filter({ hasText: 'Quiet strategy' })).toContainText(PORTFOLIO_TEXT.noSchedule);
  await page.screenshot({ path: '/tmp/portfolio-overview.png', fullPage: true });

  // Sorting by strategy name with the keyboard: A to Z, then Z to A.
  const titleHeader = table.getByRole('columnheader', { name: PORTFOLIO_TEXT.columns.title });
  await titleHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  const names = () => table.getByRole('rowheader').allInnerTexts();
  expect(await names()).toEqual(['Growth 2027', 'People first', 'Quiet strategy']);
  await page.keyboard.press('Enter');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await names()).toEqual(['Quiet strategy', 'People first', 'Growth 2027']);

  // An empty update's name leads to its row on the progress page.
  await growthRow.getByRole('link', { name: 'Hire' }).click();
  await expect(page).toHaveURL(new RegExp(`/progress-update/${growth.id}#${growth.second}$`));
  await expect(page.locator(`[id="${growth.second}"]`)).toBeVisible();
});
