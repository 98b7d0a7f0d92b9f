/**
 * First run in the browser: a server started on an empty DATA_DIR (not the shared worker's,
 * which already has organisations) prints a setup link; opening it creates the organisation and
 * its administrator, who lands logged in; the link then no longer works.
 */
import { MESSAGES, ORGANISATION_MESSAGES } from '@keystone/contract';
import { expect, test } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../testing/serverProcess';

const PASSWORD = 'Quartz-lantern8?';
const LINK = /Open this link to set it up: (\S+?)"/;

let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServerProcess({ LOG_LEVEL: 'warn' });
});
test.afterAll(() => server.stop());

async function printedLink(): Promise<string> {
  await expect.poll(() => LINK.exec(server.output())?.[1] ?? '').toMatch(/\/setup\//);
  return LINK.exec(server.output())?.[1] ?? '';
}

test('the setup link creates the organisation and its administrator, once', async ({ page }) => {
  const link = await printedLink();
  expect(link).toMatch(new RegExp(`^${server.baseUrl}/setup/[\\w-]+$`));

  // Before setup, the login page says where to go.
  await page.goto(`${server.baseUrl}/login`);
  await expect(page.getByText(ORGANISATION_MESSAGES.needsSetup)).toBeVisible();

  // Copied out of the JSON log line with its trailing `"}`: not recognised, and no restart asked.
  await page.goto(`${link}"}`);
  await expect(page.getByText(ORGANISATION_MESSAGES.setupLinkMangled)).toBeVisible();
  await expect(page.getByText(/restart the server/)).toHaveCount(0);
  // The plain line of its own holds exactly the link.
  expect(server.output().split('\n')).toContain(link);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up Keystone' })).toBeVisible();
  await page.getByLabel('Organisation name').fill('Northwind Traders');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('E-mail').fill('grace@northwind.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.screenshot({ path: '/tmp/keystone-setup-page.png', fullPage: true });
  const repeat = page.getByLabel('Repeat password');
  await repeat.fill('Quartz-lantern9?');
  await repeat.press('Enter');
  // Passwords that differ are refused under the field before anything is sent.
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await repeat.fill(PASSWORD);
  // Keyboard only: Enter in the last field submits the form.
  await repeat.press('Enter');

  await expect(page).toHaveURL(/\/strategies$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText(ORGANISATION_MESSAGES.setupLinkInvalid)).toBeVisible();
  await page.screenshot({ path: '/tmp/keystone-setup-used-link.png', fullPage: true });
});
