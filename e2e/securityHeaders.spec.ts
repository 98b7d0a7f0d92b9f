/**
 * The security headers in a real browser (issue 13): the CSP's connect-src 'self' lets the page
 * open its own sockets (ws: on the same origin), and Chromium accepts every feature named in
 * the Permissions-Policy: no CSP or policy error in the console of a strategy page.
 */
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';

test('a strategy page connects live with no CSP or Permissions-Policy error', async ({ browser, app }) => {
  const alice = await createUser(app, 'Alice');
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: {},
    token: alice.token,
  });
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to connect|Permissions-Policy/i.test(message.text()))
      problems.push(message.text());
  });
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
  await logInBrowser(page, alice);
  await page.goto(`/strategy/${strategy.id}`);
  await expect.poll(() => [...new Set(sockets)].sort()).toEqual(['/ws/locks/', '/ws/streaming/']);
  const answer = await page.request.get('/');
  expect(answer.headers()['content-security-policy']).toContain("connect-src 'self';");
  expect(answer.headers()['permissions-policy']).toContain('camera=()');
  // Give late console messages a moment (a refused socket reports after the attempt).
  await page.waitForTimeout(1000);
  expect(problems).toEqual([]);
  await context.close();
});

// Each page bundles only the contract's schemas it uses, so each first load is its own check
// that zod is set up (no Function() probe) before any of them is built. A refused eval reaches
// the page's securitypolicyviolation event, not its console.
test('the first pages build their schemas with no CSP violation', async ({ page, app }) => {
  const alice = await createUser(app, 'Alice');
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shape.
  await page.addInitScript(() => {
    const win = globalThis as unknown as {
      violations: string[];
      addEventListener(type: string, listener: (event: { violatedDirective: string }) => void): void;
    };
    win.violations = [];
    win.addEventListener('securitypolicyviolation', (event) => win.violations.push(event.violatedDirective));
  });
  const violations = () =>
    page.evaluate(() => (globalThis as unknown as { violations: string[] }).violations);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  expect(await violations()).toEqual([]);
  await logInBrowser(page, alice);
  // The strategies page (which sends a user with one strategy on to it) and its reads.
  await page.goto('/strategies');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
