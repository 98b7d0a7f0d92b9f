/**
 * Measures across due dates (issue 30, "Judged by"), in real browsers against the real server
 * with its test clock: a master defines measures of each direction, an owner enters readings on
 * the progress page beside the status, the clock passes three due dates, each locks its readings
 * (shown read-only under that date), the numbers' suggestion sits beside the owner's status with
 * a mark when the two disagree, another person's reading arrives live, and the board shows the
 * latest values against their targets.
 */
import { readFile } from 'node:fs/promises';
import {
  DIRECTION_LABELS,
  formatDay,
  formatDueDate,
  MEASURE_TEXT,
  PDF_MESSAGES,
  REPORT_SUMMARY_TEXTS,
} from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import { readPdf } from '../apps/server/test/helpers/readPdf';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';
import { moveServerClockPast, weeklyFromNextHour } from './helpers/progress';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const SALES = 'Online sales';
const SERVICE = 'Reliable service';
const AREA = 'Grow the shop';

interface WireStrategy {
  id: number;
  focus_areas: { id: number; initiatives: { id: number }[] }[];
}

/**
 * A strategy mastered by `master` with two initiatives owned by `owner`, weekly due dates from
 * the next hour on, and a measure of each direction: the expected line runs from the first due
 * date to ten weeks later, so at the second due date a trend measure is expected a tenth of the way.
 */
async function strategyWithMeasures(app: RunningApp, master: ApiUser, owner: ApiUser) {
  const token = master.token;
  const call = <T>(path: string, method: 'POST' | 'PATCH', body: unknown) =>
    apiCall<T>(app, path, { method, body, token });
  const strategy = await call<WireStrategy>('/strategy/create/', 'POST', { title: 'Measured shop' });
  const area = strategy.focus_areas[0]!;
  const sales = area.initiatives[0]!.id;
  await call(`/focusarea/update/${area.id}/`, 'PATCH', { title: `<p>${AREA}</p>` });
  await call(`/initiative/update/${sales}/`, 'PATCH', { title: `<p>${SALES}</p>` });
  const service = (
    await call<{ id: number }>('/initiative/create/', 'POST', {
      focus_area: area.id,
      title: `<p>${SERVICE}</p>`,
    })
  ).id;
  const ownedBy = [{ id: owner.id, email: owner.email }];
  await call('/assign-users-to-strategy/', 'PATCH', {
    strategy_id: strategy.id,
    initiatives: [
      { initiative_id: sales, owners: ownedBy },
      { initiative_id: service, owners: ownedBy },
    ],
  });
  const firstDue = await weeklyFromNextHour(app, strategy.id, token);
  const targetDate = new Date(firstDue.getTime() + 10 * WEEK).toISOString().slice(0, 10);
  const define = (body: Record<string, unknown>) =>
    call('/measures/create/', 'POST', { target_date: targetDate, amber_band: '10', ...body });
  await define({
    initiative: sales,
    title: 'Revenue',
    unit: 'currency',
    currency: 'EUR',
    decimals: 2,
    baseline: '100',
    target: '200',
    direction: 'increase',
  });
  await define({
    initiative: sales,
    title: 'Churn',
    unit: 'percent',
    decimals: 1,
    baseline: '10',
    target: '5',
    direction: 'decrease',
  });
  await define({
    initiative: service,
    title: 'Uptime',
    unit: 'percent',
    decimals: 2,
    baseline: '99',
    target: '99.5',
    direction: 'at_least',
  });
  await define({
    focus_area: area.id,
    title: 'Backlog',
    unit: 'number',
    unit_label: 'tickets',
    decimals: 0,
    baseline: '80',
    target: '50',
    direction: 'at_most',
  });
  return { strategyId: strategy.id, firstDue, targetDate };
}

const rowOf = (page: Page, initiative: string) =>
  page.getByTestId('initiative-row').filter({ has: page.getByRole('link', { name: initiative }) });
/** A measure's block (found by its heading) on the page or inside an initiative's row. */
const measureOf = (scope: Page | Locator, title: string) => {
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  return scope
    .getByTestId('measure-reading')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
};
const outcomeOf = (scope: Page | Locator, title: string) =>
  measureOf(scope, title).getByTestId('reading-outcome');
const dueDateSelect = (page: Page) => page.getByRole('combobox', { name: /^Due Date/ });

/** Types a reading's value and waits until it is stored. */
async function enterValue(page: Page, title: string, value: string) {
  const box = page.getByRole('textbox', { name: MEASURE_TEXT.valueOf(title) });
  // The status may still say "Saved" from the write before while this one waits its turn: wait for
  // this write's own answer, so the test clock never passes a due date before the value is stored.
  const written = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/measures/reading/'),
  );
  await box.fill(value);
  expect((await written).ok()).toBe(true);
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
}

async function chooseStatus(page: Page, initiative: string, status: string) {
  await page.getByRole('combobox', { name: `Status of ${initiative}` }).click();
  await page.getByRole('option', { name: status }).click();
  await expect(page.getByRole('combobox', { name: `Status of ${initiative}` })).toHaveText(status);
}

async function showDueDate(page: Page, entry: string | RegExp) {
  await dueDateSelect(page).click();
  await page.getByRole('listbox').getByRole('option', { name: entry }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

const suggested = (suggestion: 'on_track' | 'behind' | 'off_track') => MEASURE_TEXT.suggested(suggestion);

test('an owner and a master read measures across three due dates', async ({ page, browser, app }) => {
  test.setTimeout(240_000);
  const master = await createUser(app, 'Master');
  const owner = await createUser(app, 'Owner');
  const { strategyId, firstDue, targetDate } = await strategyWithMeasures(app, master, owner);
  const dues = [0, 1, 2].map((week) => new Date(firstDue.getTime() + week * WEEK));
  const dueText = (index: number) => formatDueDate(dues[index]!, 'UTC');

  // 1. The first period: the owner reads the numbers at the baseline, on track.
  await logInBrowser(page, owner);
  await page.goto(`/progress-update/${strategyId}`);
  await expect(dueDateSelect(page)).toContainText(`${dueText(0)} (current)`);
  const sales = rowOf(page, SALES);
  const service = rowOf(page, SERVICE);
  await expect(measureOf(sales, 'Revenue')).toContainText(
    MEASURE_TEXT.definition(
      DIRECTION_LABELS.increase,
      '€200.00',
      formatDay(`${targetDate}T12:00:00Z`, 'UTC'),
    ),
  );
  for (const title of ['Revenue', 'Churn'])
    await expect(outcomeOf(sales, title)).toHaveText(MEASURE_TEXT.noReading);
  // The focus area's measure is the masters' to read.
  const backlogBox = page.getByRole('textbox', { name: MEASURE_TEXT.valueOf('Backlog') });
  await expect(backlogBox).toHaveAttribute('readonly', '');
  await chooseStatus(page, SALES, 'On Track');
  await chooseStatus(page, SERVICE, 'Delayed');
  await enterValue(page, 'Revenue', '100');
  await enterValue(page, 'Churn', '10');
  await enterValue(page, 'Uptime', '99.9');
  await page.getByRole('textbox', { name: MEASURE_TEXT.noteOf('Revenue') }).fill('Launch week');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await expect(outcomeOf(sales, 'Revenue')).toHaveText(
    `€100.00 · ${MEASURE_TEXT.progress('0 %')} · ${suggested('on_track')}`,
  );
  await expect(outcomeOf(service, 'Uptime')).toHaveText(
    `99.90 % · ${MEASURE_TEXT.progress('met')} · ${suggested('on_track')}`,
  );
  // Delayed by its owner while the numbers are on track: marked.
  await expect(service.getByText(MEASURE_TEXT.mismatch)).toBeVisible();
  await expect(sales.getByText(MEASURE_TEXT.mismatch)).toHaveCount(0);

  // 2. The first due date passes: the open page moves on, the readings are history.
  await moveServerClockPast(app, dues[0]!);
  await expect(dueDateSelect(page)).toContainText(`${dueText(1)} (current)`);
  await expect(page.getByRole('textbox', { name: MEASURE_TEXT.valueOf('Revenue') })).toHaveValue('');
  await expect(outcomeOf(sales, 'Revenue')).toHaveText(MEASURE_TEXT.noReading);
  await showDueDate(page, dueText(0));
  await expect(page.getByRole('textbox', { name: MEASURE_TEXT.valueOf('Revenue') })).toHaveCount(0);
  await expect(outcomeOf(sales, 'Revenue')).toHaveText(
    `€100.00 · ${MEASURE_TEXT.progress('0 %')} · ${suggested('on_track')}`,
  );
  await expect(measureOf(sales, 'Revenue')).toContainText('Launch week');
  await showDueDate(page, /\(current\)$/);

  // 3. The second period: revenue falls behind the line (110 expected) while its owner says On
  // Track, and the master's backlog reading arrives on the owner's page as it is written.
  await enterValue(page, 'Revenue', '105');
  await enterValue(page, 'Churn', '9.5');
  await enterValue(page, 'Uptime', '80');
  await expect(outcomeOf(sales, 'Revenue')).toHaveText(
    `€105.00 · ${MEASURE_TEXT.progress('5 %')} · ${suggested('behind')}`,
  );
  await expect(outcomeOf(sales, 'Churn')).toContainText(suggested('on_track'));
  await expect(sales.getByText(MEASURE_TEXT.mismatch)).toBeVisible();
  await expect(outcomeOf(service, 'Uptime')).toContainText(suggested('off_track'));
  await expect(service.getByText(MEASURE_TEXT.mismatch)).toHaveCount(0);

  const masterContext = await browser.newContext({ baseURL: app.baseURL });
  const masterPage = await masterContext.newPage();
  await logInBrowser(masterPage, master);
  await masterPage.goto(`/progress-update/${strategyId}`);
  await enterValue(masterPage, 'Backlog', '60');
  await expect(outcomeOf(page, 'Backlog')).toHaveText(
    `60 tickets · ${MEASURE_TEXT.progress('not met')} · ${suggested('off_track')}`,
  );
  await expect(backlogBox).toHaveValue('60');
  expect(await axeViolations(page)).toEqual([]);

  // 4. The second due date passes; in the third period revenue is back ahead of the line.
  await moveServerClockPast(app, dues[1]!);
  // The report of that due date says which measures are off track and what moved most.
  const reportOf = (due: number) =>
    app.smtp.waitFor(
      master.email,
      new RegExp(`Progress report: Measured shop.*${dueText(due).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  const report = await reportOf(1);
  for (const line of [
    `${REPORT_SUMMARY_TEXTS.measuresOffTrack}:`,
    `- Uptime (${SERVICE}): 80.00 %; target: ${DIRECTION_LABELS.at_least} 99.50 %`,
    `- Backlog (${AREA}): 60 tickets; target: ${DIRECTION_LABELS.at_most} 50 tickets`,
    `- Revenue (${SALES}): €100.00 → €105.00 (${REPORT_SUMMARY_TEXTS.towardTarget}, ${REPORT_SUMMARY_TEXTS.progressNow('5 %')})`,
  ])
    expect(report.text).toContain(line);
  await expect(dueDateSelect(page)).toContainText(`${dueText(2)} (current)`);
  await enterValue(page, 'Revenue', '130');
  await expect(outcomeOf(sales, 'Revenue')).toContainText(suggested('on_track'));
  await expect(sales.getByText(MEASURE_TEXT.mismatch)).toHaveCount(0);
  // The trend: both locked readings and this one, drawn and as a table.
  const revenue = measureOf(sales, 'Revenue');
  await expect(
    revenue.getByRole('img', { name: MEASURE_TEXT.trendSummary('Revenue', 3, '€130.00') }),
  ).toBeVisible();
  await revenue.getByText(MEASURE_TEXT.showTable).click();
  await expect(
    revenue.getByRole('table', { name: MEASURE_TEXT.tableCaption('Revenue') }).getByRole('row'),
  ).toHaveText([
    `${MEASURE_TEXT.dueDate}${MEASURE_TEXT.reading}`,
    /€100\.00$/,
    /€105\.00$/,
    `${MEASURE_TEXT.current}€130.00`,
  ]);

  // 5. The third due date passes: each locked date keeps its own readings and its own verdict.
  await moveServerClockPast(app, dues[2]!);
  // The report of that due date is mailed once its readings are locked: only then are they there to show.
  await reportOf(2);
  await expect(dueDateSelect(page)).toContainText(/\(current\)/);
  await showDueDate(page, dueText(2));
  await expect(outcomeOf(sales, 'Revenue')).toContainText('€130.00');
  await expect(sales.getByText(MEASURE_TEXT.mismatch)).toHaveCount(0);
  await showDueDate(page, dueText(1));
  await expect(outcomeOf(sales, 'Revenue')).toHaveText(
    `€105.00 · ${MEASURE_TEXT.progress('5 %')} · ${suggested('behind')}`,
  );
  await expect(sales.getByText(MEASURE_TEXT.mismatch)).toBeVisible();
  await expect(outcomeOf(page, 'Backlog')).toContainText('60 tickets');
  await expect(page.locator('textarea:not([readonly])')).toHaveCount(0);

  // 6. The board: the latest values against their targets.
  await masterPage.goto(`/strategy/${strategyId}`);
  await expect(masterPage.getByText(MEASURE_TEXT.valueOfTarget('€130.00', '€200.00'))).toBeVisible();
  // The one-page PDF: each measure's latest value against its target, with the suggestion.
  await masterPage.getByRole('button', { name: 'Strategy menu' }).click();
  const downloading = masterPage.waitForEvent('download');
  await masterPage.getByRole('menuitem', { name: PDF_MESSAGES.downloadPdf }).click();
  const pdf = await readPdf(await readFile(await (await downloading).path()));
  expect(pdf.text).toContain(
    `Revenue: ${MEASURE_TEXT.valueOfTarget('€130.00', '€200.00')} · ${suggested('on_track')}`,
  );
  await masterContext.close();
});
