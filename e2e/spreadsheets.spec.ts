/**
 * Spreadsheets in a real browser against the real server (issue 32): "Start from a spreadsheet"
 * with a file that has problems (named per row, nothing to create), the fixed file created in one
 * step, and the new strategy downloaded as XLSX and CSV from its menu; axe on the import page.
 */
import { readFile } from 'node:fs/promises';
import {
  SPREADSHEET_MENU_TEXT,
  SPREADSHEET_MESSAGES,
  SPREADSHEET_TEXT,
  STRATEGY_SHEET_COLUMNS,
} from '@keystone/contract';
import { expect, test } from './fixtures';
import { createUser, logInBrowser } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

test('a plan in a spreadsheet becomes a strategy, and the strategy a spreadsheet again', async ({
  app,
  page,
}) => {
  const master = await createUser(app, 'Planner');
  const owner = await createUser(app, 'Owner');
  await logInBrowser(page, master);

  await page.goto('/strategies');
  await page.getByRole('link', { name: SPREADSHEET_TEXT.start }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: SPREADSHEET_TEXT.pageTitle })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const fileInput = page.getByLabel(SPREADSHEET_TEXT.fileLabel);
  await fileInput.setInputFiles(
    csvFile('Growth plan.csv', [
      'Focus area,Initiative,Owners',
      `Customers,Self-service onboarding,${owner.email}`,
      'Customers,,nobody@elsewhere.test',
    ]),
  );
  await expect(page.getByRole('alert')).toContainText(SPREADSHEET_TEXT.problems(2));
  const preview = page.getByRole('region', { name: SPREADSHEET_TEXT.rowsCaption });
  await expect(preview).toContainText(SPREADSHEET_MESSAGES.noInitiative);
  await expect(preview).toContainText(SPREADSHEET_MESSAGES.unknownPerson('nobody@elsewhere.test'));
  await expect(page.getByRole('button', { name: SPREADSHEET_TEXT.create })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await fileInput.setInputFiles(
    csvFile('Growth plan.csv', [
      'Focus area,Initiative,Owners',
      `Customers,Self-service onboarding,${owner.email}`,
      'Customers,Customer health score,',
      'Revenue,Launch the team plan,',
    ]),
  );
  await expect(page.getByRole('status').filter({ hasText: SPREADSHEET_TEXT.ready(2, 3) })).toBeVisible();
  await page.getByRole('button', { name: SPREADSHEET_TEXT.create }).click();

  await expect(page).toHaveURL(/\/strategy\/\d+$/);
  const strategyId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await expect(page.getByRole('textbox', { name: 'Strategy title' })).toHaveValue('Growth plan');
  await expect(page.getByTestId('focus-area')).toHaveCount(2);
  await expect(page.getByText('Launch the team plan')).toBeVisible();

  await page.getByRole('button', { name: 'Strategy menu' }).click();
  let downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: SPREADSHEET_MENU_TEXT.strategyXlsx }).click();
  const workbook = await downloading;
  expect(workbook.suggestedFilename()).toBe(`strategy-${strategyId}.xlsx`);
  // A zip, as every XLSX is (the server tests open its sheets with SheetJS).
  expect((await readFile(await workbook.path())).subarray(0, 2).toString()).toBe('PK');

  await page.getByRole('button', { name: 'Strategy menu' }).click();
  downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: SPREADSHEET_MENU_TEXT.strategyCsv }).click();
  const csv = await downloading;
  expect(csv.suggestedFilename()).toBe(`strategy-${strategyId}.csv`);
  const lines = (await readFile(await csv.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe(`\uFEFF${STRATEGY_SHEET_COLUMNS.join(',')}`);
  expect(lines[1]).toContain(`Customers,Self-service onboarding,Inactive,,Owner`);
  expect(lines[1]).toContain(owner.email);
});
