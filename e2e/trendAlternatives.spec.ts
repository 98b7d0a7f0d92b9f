/**
 * Issue 28, item 7: the status trend (progress page) and the portfolio's trend bars read without
 * the colours. A strategy passes two due dates; on the progress page the chart is one image named
 * by a summary, "Show as table" (by keyboard) opens a data table of every due date's counts, and
 * each bar segment stands out from the page at 3:1; on the portfolio the switch writes the counts
 * out. Both pages' main content passes axe (WCAG 2.x A/AA) with the alternatives open (the
 * header is checked by the axe suite).
 */
import {
  formatDay,
  formatDueDate,
  INITIATIVE_STATUSES,
  PORTFOLIO_TEXT,
  TREND_TEXT,
} from '@keystone/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';
import { moveServerClockPast, type WireStrategy, weeklyFromNextHour } from './helpers/progress';

const WEEK = 7 * 86_400_000;
const TITLE = 'Trend in words';

/** WCAG contrast of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

/** Every status-coloured segment in a chart stands out from the page at 3:1, by its colour or its outline. */
async function expectSegmentsToStandOut(page: Page, selector: string, count: number) {
  const statusColours = Object.values(INITIATIVE_STATUSES).map((status) => status.hex.toLowerCase());
  const rects = await page
    .locator(`${selector} rect`)
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ fill: node.getAttribute('fill') ?? '', stroke: node.getAttribute('stroke') })),
    );
  const segments = rects.filter((rect) => statusColours.includes(rect.fill.toLowerCase()));
  expect(segments.length).toBe(count);
  for (const segment of segments) {
    const edge = segment.stroke ? contrastOnWhite(segment.stroke) : 1;
    expect(Math.max(contrastOnWhite(segment.fill), edge), JSON.stringify(segment)).toBeGreaterThanOrEqual(3);
  }
}

test('the status trend and the portfolio trend have text alternatives and pass axe', async ({
  app,
  page,
}) => {
  const lead = await createUser(app, 'Tessa');
  const call = <T>(path: string, method: 'GET' | 'POST' | 'PATCH', body?: unknown) =>
    apiCall<T>(app, path, { method, body, token: lead.token });
  const strategy = await call<WireStrategy>('/strategy/create/', 'POST', { title: TITLE });
  const area = strategy.focus_areas[0]!;
  const first = area.initiatives[0]!.id;
  const second = (
    await call<{ id: number }>('/initiative/create/', 'POST', { focus_area: area.id, title: 'Hire' })
  ).id;
  await call(`/initiative/update/${first}/`, 'PATCH', { title: 'Launch', status: 'BL' });
  await call(`/initiative/update/${second}/`, 'PATCH', { status: 'OT' });
  const due = await weeklyFromNextHour(app, strategy.id, lead.token);
  await moveServerClockPast(app, due);
  await call(`/initiative/update/${second}/`, 'PATCH', { status: 'DE' });
  const later = new Date(due.getTime() + WEEK);
  await moveServerClockPast(app, later);
  // One update written, so the portfolio lists one empty update (two stacked links are the axe
  // suite's target-size case, not this test's).
  const current = await call<WireStrategy>(`/strategy/${strategy.id}`, 'GET');
  const written = current.focus_areas[0]!.initiatives[0]!.comments.find(
    (item) => item.comment_type === 'PR',
  )!;
  await call(`/comments/update/${written.id}/`, 'PATCH', { comment: '<p>Pilot signed</p>' });

  await logInBrowser(page, lead);
  await page.goto(`/progress-update/${strategy.id}`);
  const chart = page.getByRole('img', {
    name: `${TREND_TEXT.title}: 2 due dates, ${formatDay(due, 'UTC')} to ${formatDay(later, 'UTC')}. Latest: 2 initiatives (1 Blocked, 1 Delayed).`,
  });
  await expect(chart).toBeVisible();
  await expectSegmentsToStandOut(page, '[data-testid="trend-bar"]', 4);

  const toggle = page.getByRole('button', { name: TREND_TEXT.showTable });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: TREND_TEXT.hideTable })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const table = page.getByRole('table', { name: TREND_TEXT.title });
  await expect(table.getByRole('columnheader')).toHaveText([
    TREND_TEXT.dueDate,
    ...Object.values(INITIATIVE_STATUSES).map((status) => status.label),
    TREND_TEXT.total,
  ]);
  const row = (moment: Date) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: formatDueDate(moment, 'UTC') }) });
  // Inactive, Completed, Blocked, Delayed, On Track, All.
  await expect(row(due).getByRole('cell')).toHaveText(['0', '0', '1', '0', '1', '2']);
  await expect(row(later).getByRole('cell')).toHaveText(['0', '0', '1', '1', '0', '2']);
  // The table's box takes focus, so a keyboard can scroll it on a narrow screen.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: TREND_TEXT.title })).toBeFocused();
  await page.screenshot({ path: '.tmp/trend-progress.png', fullPage: true });
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.goto('/portfolio');
  const portfolioRow = page
    .getByRole('table', { name: PORTFOLIO_TEXT.pageTitle })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: TITLE }) });
  await expect(portfolioRow.getByRole('img')).toBeVisible();
  await expectSegmentsToStandOut(page, '[data-testid="portfolio-trend"]', 4);
  const asText = page.getByRole('switch', { name: TREND_TEXT.showAsText });
  await asText.focus();
  await page.keyboard.press('Space');
  await expect(asText).toBeChecked();
  await expect(portfolioRow.getByRole('img')).toHaveCount(0);
  const day = (moment: Date) => formatDay(moment, 'UTC').slice(0, 5);
  await expect(portfolioRow.getByTestId('portfolio-trend-text').getByRole('listitem')).toHaveText([
    `${day(due)}: 2 initiatives (1 Blocked, 1 On Track)`,
    `${day(later)}: 2 initiatives (1 Blocked, 1 Delayed)`,
  ]);
  await page.screenshot({ path: '.tmp/trend-portfolio.png', fullPage: true });
  expect(await axeViolations(page, 'main')).toEqual([]);
});
