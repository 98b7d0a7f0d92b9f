/**
 * The strategy page without a mouse drag, a steady hand or a wide screen (issue 28): focus areas
 * and initiatives move through their Move menus by pointer and by keyboard, with the outcome
 * announced by name and position; focus lands in a new item's title and keeps what was typed
 * meanwhile; one h1; the board reflows at 320 and 683 px; axe finds nothing, an error included.
 */
import { BOARD_ITEM_TEXT, MESSAGES } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';

interface Created {
  id: number;
}

const AREAS = ['Customer success', 'Revenue', 'Platform'];
const INITIATIVES = ['Keyboard first', 'Screen readers', ''];
// A web address is one long word: it must wrap rather than widen the page.
const LONG_WORD = 'https://keystone.example/strategies/accessibility-without-any-place-to-break-a-line';

/** A strategy of three named focus areas; the first holds three initiatives, the last untitled. */
async function boardStrategy(app: RunningApp, master: ApiUser, title: string): Promise<number> {
  const token = master.token;
  const post = (path: string, body: unknown) => apiCall<Created>(app, path, { method: 'POST', body, token });
  const strategy = await apiCall<{ id: number; focus_areas: { id: number; initiatives: Created[] }[] }>(
    app,
    '/strategy/create/',
    { method: 'POST', token, body: { title, ambition: `<p>Reachable by everyone: ${LONG_WORD}</p>` } },
  );
  const first = strategy.focus_areas[0]!;
  await apiCall(app, `/focusarea/update/${first.id}/`, {
    method: 'PATCH',
    token,
    body: { title: `<p>${AREAS[0]}</p>` },
  });
  for (const area of AREAS.slice(1)) await post('/focusarea/create/', { strategy: strategy.id, title: area });
  await apiCall(app, `/initiative/update/${first.initiatives[0]!.id}/`, {
    method: 'PATCH',
    token,
    body: { title: `<p>${INITIATIVES[0]}</p>` },
  });
  await post('/initiative/create/', { focus_area: first.id, title: `<p>${INITIATIVES[1]}</p>` });
  await post('/initiative/create/', { focus_area: first.id });
  return strategy.id;
}

const region = (page: Page, position: number) => page.getByRole('region', { name: `Focus area ${position}` });
const areaTitle = (page: Page, position: number) =>
  region(page, position).getByRole('textbox', { name: `Title of focus area ${position}` });
const initiativeTitles = (area: Locator) =>
  area.getByTestId('initiative-card').getByRole('textbox', { name: /^Title of initiative/ });
/** The app's polite live region, which says where a Move menu put an item (dnd-kit's own is separate). */
const politeAnnouncement = (page: Page) => page.getByTestId('announcer-polite');

test('focus areas and initiatives move without dragging, by pointer and by keyboard, and say where they went', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Mover');
  const id = await boardStrategy(app, master, 'Reachable plan');
  await logInBrowser(page, master);
  await page.goto(`/strategy/${id}`);

  // By pointer: the first focus area cannot go earlier, and goes later, to position 2.
  const moveCustomers = page.getByRole('button', { name: BOARD_ITEM_TEXT.move(`'${AREAS[0]}'`) });
  await moveCustomers.click();
  await expect(page.getByRole('menuitem', { name: BOARD_ITEM_TEXT.moveEarlier() })).toBeDisabled();
  const areaSorted = page.waitForResponse((response) => response.url().includes('/api/focusarea/sort/'));
  await page.getByRole('menuitem', { name: BOARD_ITEM_TEXT.moveLater(2) }).click();
  expect((await areaSorted).ok()).toBe(true);
  await expect(areaTitle(page, 1)).toHaveText(AREAS[1]!);
  await expect(areaTitle(page, 2)).toHaveText(AREAS[0]!);
  await expect(politeAnnouncement(page)).toContainText(BOARD_ITEM_TEXT.moved(`'${AREAS[0]}'`, 2, 3));
  await expect(moveCustomers).toBeFocused();

  // By keyboard: the menu opens on its first item that may be chosen (Move up is disabled at the top).
  const customers = region(page, 2);
  const moveKeyboardFirst = customers.getByRole('button', {
    name: BOARD_ITEM_TEXT.move(`'${INITIATIVES[0]}'`),
  });
  await moveKeyboardFirst.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: BOARD_ITEM_TEXT.moveUp })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: BOARD_ITEM_TEXT.moveDown })).toBeFocused();
  const initiativeSorted = page.waitForResponse((response) =>
    response.url().includes('/api/initiative/sort/'),
  );
  await page.keyboard.press('Enter');
  expect((await initiativeSorted).ok()).toBe(true);
  await expect(initiativeTitles(customers)).toHaveText([INITIATIVES[1]!, INITIATIVES[0]!, '']);
  await expect(politeAnnouncement(page)).toContainText(BOARD_ITEM_TEXT.moved(`'${INITIATIVES[0]}'`, 2, 3));
  await expect(moveKeyboardFirst).toBeFocused();

  // An untitled item is named by its place; at the bottom it cannot go further down.
  const moveUntitled = customers.getByRole('button', { name: BOARD_ITEM_TEXT.move('initiative 3') });
  await moveUntitled.press('Enter');
  await expect(page.getByRole('menuitem', { name: BOARD_ITEM_TEXT.moveDown })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(moveUntitled).toBeFocused();

  // The drag handle is named by content too, and dnd-kit's announcements say names and places, not ids.
  const dragged = page.waitForResponse((response) => response.url().includes('/api/initiative/sort/'));
  await customers.getByRole('button', { name: BOARD_ITEM_TEXT.drag(`'${INITIATIVES[1]}'`) }).focus();
  // One dnd-kit region per list; the one of this list is the one speaking.
  const dndLive = page.locator('[id^="DndLiveRegion"]').filter({ hasText: /./ });
  await page.keyboard.press('Space');
  await expect(dndLive).toHaveText(BOARD_ITEM_TEXT.pickedUp(`'${INITIATIVES[1]}'`, 1, 3));
  // dnd-kit's keyboard sensor listens for the arrow keys from a timer it sets on pick-up, which a
  // busy machine may not have run yet: a timer set now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowDown');
  await expect(dndLive).toHaveText(BOARD_ITEM_TEXT.over(`'${INITIATIVES[1]}'`, 2, 3));
  await page.keyboard.press('Space');
  await expect(dndLive).toHaveText(BOARD_ITEM_TEXT.moved(`'${INITIATIVES[1]}'`, 2, 3));
  expect((await dragged).ok()).toBe(true);
  await expect(initiativeTitles(customers)).toHaveText([INITIATIVES[0]!, INITIATIVES[1]!, '']);

  // The order was stored.
  await page.reload();
  await expect(areaTitle(page, 1)).toHaveText(AREAS[1]!);
  await expect(areaTitle(page, 2)).toHaveText(AREAS[0]!);
  await expect(initiativeTitles(region(page, 2))).toHaveText([INITIATIVES[0]!, INITIATIVES[1]!, '']);
});

test('after Add initiative and Add focus area, focus is in the new title and what was typed is kept', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Adder');
  const strategy = await apiCall<Created>(app, '/strategy/create/', {
    method: 'POST',
    token: master.token,
    body: { title: 'Typed ahead' },
  });
  await logInBrowser(page, master);
  // A slow answer: the typing below happens while the new item does not exist yet.
  for (const path of ['**/api/initiative/create/', '**/api/focusarea/create/'])
    await page.route(path, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
  await page.goto(`/strategy/${strategy.id}`);

  const first = region(page, 1);
  await first.getByRole('button', { name: 'Add initiative' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second initiative');
  const second = first.getByRole('textbox', { name: 'Title of initiative 2' });
  await expect(second).toBeFocused();
  await expect(second).toHaveText('Second initiative');

  await page.getByRole('button', { name: 'Add focus area' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Partners');
  await expect(areaTitle(page, 2)).toBeFocused();
  await expect(areaTitle(page, 2)).toHaveText('Partners');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  await page.reload();
  await expect(second).toHaveText('Second initiative');
  await expect(areaTitle(page, 2)).toHaveText('Partners');
});

/** Whatever in <main> reaches past the window's sides, by its text, and whether main or the page scroll sideways. */
function overflow(page: Page) {
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shapes.
  return page.evaluate(() => {
    interface Box {
      left: number;
      right: number;
      width: number;
    }
    interface Element {
      getBoundingClientRect(): Box;
      textContent: string | null;
      tagName: string;
      scrollWidth: number;
      clientWidth: number;
    }
    const win = globalThis as unknown as {
      innerWidth: number;
      document: {
        documentElement: Element;
        querySelector(selector: string): Element;
        querySelectorAll(selector: string): Element[];
      };
    };
    const main = win.document.querySelector('main');
    const outside = [...win.document.querySelectorAll('main *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && (box.left < -0.5 || box.right > win.innerWidth + 0.5);
      })
      .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`);
    return {
      outside,
      mainScrolls: main.scrollWidth > main.clientWidth,
      pageScrolls: win.document.documentElement.scrollWidth > win.innerWidth,
    };
  });
}

test('the strategy page has one h1, reflows at 320 and 683 px, and axe finds nothing to fix', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Reader');
  const id = await boardStrategy(app, master, 'Fits every screen');
  await logInBrowser(page, master);
  await page.goto(`/strategy/${id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Strategy: Fits every screen');
  await expect(areaTitle(page, 1)).toHaveText(AREAS[0]!);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // An emptied focus-area title shows its error on the column's background: readable.
  await areaTitle(page, 2).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(region(page, 2).locator('.Mui-error')).toHaveText(MESSAGES.fieldEmpty);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.keyboard.press('Tab');

  for (const width of [683, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(region(page, 3)).toBeVisible();
    // Measured once the page has settled at the new width: a text area sizes itself to its
    // text after a resize (MUI's autosize runs on the next frames), wider for a moment.
    await expect
      .poll(() => overflow(page), { message: `${width} px`, timeout: 5_000 })
      .toEqual({ outside: [], mainScrolls: false, pageScrolls: false });
  }
  expect(await axeViolations(page, 'main')).toEqual([]);
});
