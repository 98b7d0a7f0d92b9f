/**
 * Rich text at rest (issue 17): a page shows each field's stored text as HTML, and the editor
 * (TipTap, a chunk of its own) takes its place when the field is clicked or reached with Tab.
 * Typing straight away lands in the field, someone who may edit nothing never downloads the
 * editor, and what others save still arrives live.
 */
import type { Browser, Page } from '@playwright/test';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';

interface WireStrategy {
  id: number;
  focus_areas: { id: number; initiatives: { id: number }[] }[];
}

/** The editor's chunk, named by Vite after its module. */
const EDITOR_CHUNK = /\/assets\/RichTextEditor-[^/]*\.js$/;

const ambition = (page: Page) => page.getByRole('textbox', { name: 'Ambition' });
const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' });

/** A strategy mastered by `master`, with an ambition; `member` (if any) is on its initiative's team. */
async function strategyWithAmbition(app: RunningApp, master: ApiUser, member?: ApiUser): Promise<number> {
  const token = master.token;
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', { method: 'POST', body: {}, token });
  await apiCall(app, `/strategy/update/${strategy.id}/`, {
    method: 'PATCH',
    body: { title: 'Plan at rest', ambition: '<p>Grow <strong>steadily</strong></p>' },
    token,
  });
  if (member) {
    const initiativeId = strategy.focus_areas[0]!.initiatives[0]!.id;
    await apiCall(app, '/assign-users-to-strategy/', {
      method: 'PATCH',
      token,
      body: {
        strategy_id: strategy.id,
        initiatives: [
          { initiative_id: initiativeId, team_members: [{ id: member.id, email: member.email }] },
        ],
      },
    });
  }
  return strategy.id;
}

/** Every script the page asks for, by address. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test('typing right after a click lands in the field and is saved, even before the editor has loaded', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Master');
  const strategyId = await strategyWithAmbition(app, master);
  await logInBrowser(page, master);
  // The editor's code arrives late, so the first keys are typed into the static text.
  await page.route(EDITOR_CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/strategy/${strategyId}`);
  await expect(ambition(page)).toHaveText('Grow steadily');
  await expect(page.locator('.ProseMirror')).toHaveCount(0);

  await ambition(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Reach every team');
  await expect(page.locator('.ProseMirror')).toBeFocused();
  await expect(ambition(page)).toHaveText('Reach every team');
  await expect(saveStatus(page)).toHaveText('Saved');
  await page.reload();
  await expect(ambition(page)).toHaveText('Reach every team');
});

test('Tab reaches a field at rest as an editable text box, and typing goes in at its end', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Master');
  const strategyId = await strategyWithAmbition(app, master);
  await logInBrowser(page, master);
  await page.goto(`/strategy/${strategyId}`);
  await expect(ambition(page)).toHaveAttribute('aria-readonly', 'false');
  await expect(ambition(page)).toHaveAttribute('aria-multiline', 'true');

  await page.getByRole('textbox', { name: 'Strategy title' }).focus();
  const ambitionFocused = () =>
    ambition(page).evaluate((element) => element === element.ownerDocument.activeElement);
  for (let presses = 0; presses < 10 && !(await ambitionFocused()); presses += 1) {
    await page.keyboard.press('Tab');
    // A field's editor may be taking the static text's place: look once focus has landed.
    await page.waitForFunction('document.activeElement !== document.body');
  }
  await expect(ambition(page)).toBeFocused();
  await page.keyboard.type(' and boldly');
  await expect(ambition(page)).toHaveText('Grow steadily and boldly');
  await expect(saveStatus(page)).toHaveText('Saved');
});

test("a reader's page never downloads the editor; an editor's page fetches it when idle", async ({
  page,
  app,
  browser,
}) => {
  const master = await createUser(app, 'Master');
  const member = await createUser(app, 'Member');
  const strategyId = await strategyWithAmbition(app, master, member);

  await logInBrowser(page, member);
  const readerScripts = scriptRequests(page);
  await page.goto(`/strategy/${strategyId}`, { waitUntil: 'networkidle' });
  await expect(ambition(page)).toHaveAttribute('aria-readonly', 'true');
  await ambition(page).hover();
  await ambition(page).click();
  await page.getByRole('textbox', { name: 'Title of initiative 1' }).click();
  // Longer than the idle prefetch takes on an editor's page (below).
  await page.waitForTimeout(3000);
  expect(readerScripts.length).toBeGreaterThan(0);
  expect(readerScripts.filter((url) => EDITOR_CHUNK.test(url))).toEqual([]);
  await expect(page.locator('.ProseMirror')).toHaveCount(0);

  const editorPage = await openAs(browser, app, master);
  const editorScripts = scriptRequests(editorPage);
  await editorPage.goto(`/strategy/${strategyId}`);
  await expect.poll(() => editorScripts.some((url) => EDITOR_CHUNK.test(url))).toBe(true);
  await expect(editorPage.locator('.ProseMirror')).toHaveCount(0);
  await editorPage.context().close();
});

test("an editor's page asks for the editor only once its first paint is shown", async ({ page, app }) => {
  const master = await createUser(app, 'Master');
  const strategyId = await strategyWithAmbition(app, master);
  await logInBrowser(page, master);
  await page.goto(`/strategy/${strategyId}`, { waitUntil: 'networkidle' });
  await expect(ambition(page)).toContainText('Grow steadily');

  // By the page's own clock: when the editor's chunk was asked for, and when the page's largest
  // paint (the last candidate, as a page-speed audit takes it) was shown. A request started
  // before that paint competes with the page's first screen on a slow line.
  // As scripts' text: this project is typed for Node, whose performance API has no paint entries.
  const editorAskedAt = () =>
    page.evaluate<number[]>(
      `performance.getEntriesByType('resource')
        .filter((entry) => ${EDITOR_CHUNK}.test(entry.name))
        .map((entry) => entry.startTime)`,
    );
  await expect.poll(async () => (await editorAskedAt()).length).toBeGreaterThan(0);
  const asked = await editorAskedAt();
  const painted = await page.evaluate<number[]>(
    `new Promise((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries().map((entry) => entry.startTime));
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`,
  );
  expect(asked).toHaveLength(1);
  expect(painted.length).toBeGreaterThan(0);
  expect(asked[0]).toBeGreaterThanOrEqual(Math.max(...painted));
});

test("another person's saved text changes the field at rest", async ({ page, app }) => {
  const master = await createUser(app, 'Master');
  const other = await createUser(app, 'Other');
  const strategyId = await strategyWithAmbition(app, master);
  await apiCall(app, '/assign-users-to-strategy/', {
    method: 'PATCH',
    token: master.token,
    body: {
      strategy_id: strategyId,
      strategy_masters: [master, other].map((person) => ({ id: person.id, email: person.email })),
    },
  });
  await logInBrowser(page, master);
  await page.goto(`/strategy/${strategyId}`);
  await expect(ambition(page)).toHaveText('Grow steadily');
  await expect(page.getByTestId('live-edit-mark')).toHaveCount(0);

  await apiCall(app, `/strategy/update/${strategyId}/`, {
    method: 'PATCH',
    body: { ambition: '<p>Grow <em>together</em></p>' },
    token: other.token,
  });
  await expect(ambition(page)).toHaveText('Grow together');
  await expect(ambition(page).locator('em')).toHaveText('together');
  await expect(page.getByTestId('live-edit-mark')).toBeVisible();
  await expect(page.locator('.ProseMirror')).toHaveCount(0);
});

/** A logged-in page in a browser context of its own. */
async function openAs(browser: Browser, app: RunningApp, user: ApiUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  await logInBrowser(page, user);
  return page;
}
