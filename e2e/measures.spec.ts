/**
 * Measures on the charter and the board (issue 30, DESIGN §10) in a real browser against the real
 * server: an initiative's measure defined on its charter, read at two due dates (the test clock
 * locks the first), shown there as a chart with its table and on the board as a value against
 * its target; a focus area's measure defined, changed and deleted from the board. The charter,
 * the board and the dialog pass axe (WCAG 2.x A/AA), and the dialog fits a 320 px wide screen.
 */
import { MEASURE_MESSAGES, MEASURE_TEXT } from '@keystone/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';
import { moveServerClockPast, weeklyFromNextHour } from './helpers/progress';

interface WireMeasure {
  id: number;
  title: string;
}
interface WireStrategy {
  id: number;
  focus_areas: {
    id: number;
    measures: WireMeasure[];
    initiatives: { id: number; measures: WireMeasure[] }[];
  }[];
}

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/** Fills the definition dialog's fields by their names (selects by their option's value) and saves. */
async function define(page: Page, fields: Record<string, string>, selects: Record<string, string> = {}) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(selects))
    await dialog.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  for (const [label, value] of Object.entries(fields))
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
  await dialog.getByRole('button', { name: MEASURE_TEXT.save }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('measures are defined on the charter and the board, charted with a table, and shown against their targets', async ({
  app,
  page,
}) => {
  const lead = await createUser(app, 'Mira');
  const call = <T>(path: string, method: 'GET' | 'POST' | 'PATCH', body?: unknown) =>
    apiCall<T>(app, path, { method, body, token: lead.token });
  const created = await call<WireStrategy>('/strategy/create/', 'POST', { title: 'Numbers beside words' });
  const area = created.focus_areas[0]!;
  const initiative = area.initiatives[0]!;
  await call(`/focusarea/update/${area.id}/`, 'PATCH', { title: '<p>Customers</p>' });
  await call(`/initiative/update/${initiative.id}/`, 'PATCH', { title: '<p>Self-serve</p>' });
  const due = await weeklyFromNextHour(app, created.id, lead.token);
  await logInBrowser(page, lead);

  // The charter: the only place an initiative's measures are defined.
  await page.goto(`/initiative-charter/${initiative.id}`);
  const section = page.getByRole('region', { name: MEASURE_TEXT.measures });
  await section.getByRole('button', { name: MEASURE_TEXT.addMeasure }).click();
  await expect(page.getByRole('dialog', { name: MEASURE_TEXT.newTitle })).toBeVisible();
  // A direction that contradicts the numbers is said above the form, and nothing is sent.
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: MEASURE_TEXT.fields.title, exact: true }).fill('Qualified leads');
  await dialog.getByRole('textbox', { name: MEASURE_TEXT.fields.baseline, exact: true }).fill('1000');
  await dialog.getByRole('textbox', { name: MEASURE_TEXT.fields.target, exact: true }).fill('500');
  await dialog.getByRole('button', { name: MEASURE_TEXT.save }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MEASURE_MESSAGES.increaseBelowBaseline);
  await define(
    page,
    { [MEASURE_TEXT.fields.currency]: 'EUR', [MEASURE_TEXT.fields.target]: '2000' },
    { [MEASURE_TEXT.fields.unit]: 'currency' },
  );
  await expect(section.getByTestId('charter-measure')).toContainText(
    MEASURE_TEXT.noReadingOfTarget('€2,000'),
  );

  // Two readings: the first locked at the due date, the second the current one.
  const measure = (await call<WireStrategy>(`/strategy/${created.id}`, 'GET')).focus_areas[0]!.initiatives[0]!
    .measures[0]!;
  await call(`/measures/reading/${measure.id}/`, 'PATCH', { value: '1200', note: 'First campaign' });
  await moveServerClockPast(app, due);
  await call(`/measures/reading/${measure.id}/`, 'PATCH', { value: '1500' });
  await page.reload();
  const details = section.getByTestId('charter-measure');
  await expect(details).toContainText(MEASURE_TEXT.valueOfTarget('€1,500', '€2,000'));
  await expect(
    details.getByRole('img', { name: MEASURE_TEXT.chartSummary('Qualified leads', '€1,500', '€2,000') }),
  ).toBeVisible();
  const toggle = details.getByRole('button', { name: MEASURE_TEXT.showTable });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const table = details.getByRole('table', { name: MEASURE_TEXT.tableCaption('Qualified leads') });
  await expect(table.getByRole('columnheader')).toHaveText([
    MEASURE_TEXT.dueDate,
    MEASURE_TEXT.reading,
    MEASURE_TEXT.expected,
    MEASURE_TEXT.note,
  ]);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('€1,200');
  await expect(rows.nth(1).getByRole('cell').last()).toHaveText('First campaign');
  await expect(rows.nth(2).getByRole('cell').first()).toHaveText('€1,500');
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The board: the initiative's measure against its target; the focus area's defined here.
  await page.goto(`/strategy/${created.id}`);
  const card = page.getByRole('list', { name: MEASURE_TEXT.measuresOf("'Self-serve'") });
  await expect(card.getByTestId('measure-glance')).toContainText([
    `Qualified leads${MEASURE_TEXT.valueOfTarget('€1,500', '€2,000')}`,
  ]);
  await page.getByRole('button', { name: MEASURE_TEXT.addMeasureTo("'Customers'") }).click();
  await expect(page.getByRole('dialog', { name: MEASURE_TEXT.newTitle })).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await define(
    page,
    {
      [MEASURE_TEXT.fields.title]: 'Churn',
      [MEASURE_TEXT.fields.baseline]: '9',
      [MEASURE_TEXT.fields.target]: '4.5',
    },
    {
      [MEASURE_TEXT.fields.unit]: 'percent',
      [MEASURE_TEXT.fields.decimals]: '1',
      [MEASURE_TEXT.fields.direction]: 'decrease',
    },
  );
  const areaMeasures = page.getByRole('list', { name: MEASURE_TEXT.measuresOf("'Customers'") });
  await expect(areaMeasures.getByTestId('measure-glance')).toHaveText([
    `Churn${MEASURE_TEXT.noReadingOfTarget('4.5 %')}`,
  ]);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Changed with its version, then deleted after the confirmation.
  await areaMeasures.getByRole('button', { name: MEASURE_TEXT.edit('Churn') }).click();
  await define(page, { [MEASURE_TEXT.fields.title]: 'Customer churn' });
  await expect(areaMeasures).toContainText('Customer churn');
  await areaMeasures.getByRole('button', { name: MEASURE_TEXT.edit('Customer churn') }).click();
  await page.getByRole('dialog').getByRole('button', { name: MEASURE_TEXT.deleteConfirm }).click();
  const confirm = page.getByRole('dialog', { name: MEASURE_TEXT.deleteTitle });
  await expect(confirm).toContainText(MEASURE_MESSAGES.deleteConfirm('Customer churn'));
  await confirm.getByRole('button', { name: MEASURE_TEXT.deleteConfirm }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(areaMeasures).toHaveCount(0);

  // The dialog fits a 320 px wide screen (WCAG 1.4.10).
  await page.setViewportSize({ width: 320, height: 640 });
  await page.getByRole('button', { name: MEASURE_TEXT.addMeasureTo("'Customers'") }).click();
  const narrow = page.getByRole('dialog', { name: MEASURE_TEXT.newTitle });
  await expect(narrow).toBeVisible();
  const box = await narrow.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 320).toBe(true);
  expect(
    await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    ),
  ).toBeLessThanOrEqual(320);
});
