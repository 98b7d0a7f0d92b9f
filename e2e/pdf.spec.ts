/**
 * "Download PDF" as an executive uses it: from the strategy menu and from the charter page, a
 * real PDF arrives whose text (not a picture of it) holds the strategy's and the charter's titles.
 */
import { readFile } from 'node:fs/promises';
import { PDF_MESSAGES } from '@keystone/contract';
import { readPdf } from '../apps/server/test/helpers/readPdf';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';

interface WireStrategy {
  id: number;
  focus_areas: { initiatives: { id: number }[] }[];
}

test('Download PDF gives the strategy on one page and the charter as text', async ({ app, page }) => {
  const master = await createUser(app, 'Master');
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Board plan Łódź – Київ', ambition: 'Lead the market' },
    token: master.token,
  });
  const initiative = strategy.focus_areas[0]!.initiatives[0]!.id;
  await apiCall(app, `/initiative/update/${initiative}/`, {
    method: 'PATCH',
    body: { title: 'Open the Ελλάδα office' },
    token: master.token,
  });
  await logInBrowser(page, master);

  await page.goto(`/strategy/${strategy.id}`);
  await page.getByRole('button', { name: 'Strategy menu' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: PDF_MESSAGES.downloadPdf }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Board plan Łódź – Київ.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await readPdf(bytes);
  expect(pdf.pages).toBe(1);
  expect(pdf.text).toContain('Board plan Łódź – Київ');
  expect(pdf.text).toContain('Open the Ελλάδα office');

  await page.goto(`/initiative-charter/${initiative}`);
  const charterDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: PDF_MESSAGES.downloadPdf }).click();
  const charter = await readPdf(await readFile(await (await charterDownload).path()));
  expect(charter.text).toContain('Open the Ελλάδα office');
  expect(charter.text).toContain('Board plan Łódź – Київ');
});
