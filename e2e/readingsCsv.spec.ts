/**
 * "Download readings (CSV)" from the strategy menu: a spreadsheet-ready file of every measure's
 * readings arrives under its name, with the reading just written in it.
 */
import { readFile } from 'node:fs/promises';
import { READINGS_CSV_COLUMNS, READINGS_CSV_TEXT } from '@keystone/contract';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';

interface WireStrategy {
  id: number;
  focus_areas: { id: number; initiatives: { id: number }[] }[];
}

test('Download readings (CSV) gives every measure’s readings as a file', async ({ app, page }) => {
  const master = await createUser(app, 'Master');
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Numbers plan' },
    token: master.token,
  });
  const measure = await apiCall<{ id: number }>(app, '/measures/create/', {
    method: 'POST',
    body: {
      initiative: strategy.focus_areas[0]!.initiatives[0]!.id,
      title: 'Trial to paid',
      unit: 'percent',
      decimals: 1,
      baseline: '18',
      target: '25',
      direction: 'increase',
    },
    token: master.token,
  });
  await apiCall(app, `/measures/reading/${measure.id}/`, {
    method: 'PATCH',
    body: { value: '19.5', note: 'Better onboarding' },
    token: master.token,
  });
  await logInBrowser(page, master);

  await page.goto(`/strategy/${strategy.id}`);
  await page.getByRole('button', { name: 'Strategy menu' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: READINGS_CSV_TEXT.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`measure-readings-${strategy.id}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe(`\uFEFF${READINGS_CSV_COLUMNS.join(',')}`);
  expect(lines[1]).toContain('Trial to paid,Percent,');
  expect(lines[1]).toContain(',19.5,Better onboarding,');
});
