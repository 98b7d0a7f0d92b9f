/**
 * Issue 28, reflow (WCAG 1.4.10): every page works at 320 CSS px (a 1280 px window at 400 % zoom)
 * without scrolling sideways, and fits an 820 px tablet. The header folds its links into a Menu
 * button when narrow, reachable and closable by keyboard. Pages are filled with long titles and
 * names (helpers/longContent.ts) so that anything that cannot wrap shows. A data table may scroll
 * inside its own box; the page never does. With REFLOW_SCREENSHOTS=1 every page is also captured
 * at 320, 820 and 1366 px into the test's output folder.
 */
import { HEADER_TEXT, PORTFOLIO_TEXT } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type ApiUser, logInBrowser, organisationAdmin } from './helpers/apiUsers';
import { LONG_TEXT, type LongStrategy, longStrategy } from './helpers/longContent';

interface PageCase {
  path: string;
  /** Something that shows once the page has its content. */
  ready: (page: Page) => Locator;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

function signedOutPages(): PageCase[] {
  return [
    { path: '/login', ready: h1 },
    { path: `/signup?email=${encodeURIComponent(LONG_TEXT.recipient)}`, ready: h1 },
    { path: '/forgot-password', ready: h1 },
    { path: '/reset-password/MQ/not-a-real-token', ready: h1 },
    { path: '/verify-email/not-a-real-token', ready: h1 },
    { path: '/signup-complete', ready: h1 },
    { path: '/setup/not-a-real-token', ready: h1 },
    { path: '/mobile-warning', ready: h1 },
    { path: '/no-such-page', ready: h1 },
  ];
}

function signedInPages({ strategyId, initiativeId }: LongStrategy): PageCase[] {
  const title = (page: Page) => page.getByText(LONG_TEXT.initiative, { exact: true }).first();
  return [
    { path: '/strategies', ready: (page) => page.getByText(LONG_TEXT.strategy).first() },
    { path: '/portfolio', ready: (page) => page.getByRole('link', { name: LONG_TEXT.strategy }) },
    { path: '/profile-settings', ready: (page) => page.locator(`input[value="${LONG_TEXT.businessTitle}"]`) },
    { path: `/strategy-team/${strategyId}`, ready: (page) => page.getByRole('combobox').first() },
    {
      path: `/strategy-settings/${strategyId}`,
      ready: (page) => page.getByRole('spinbutton', { name: 'Reminder 2' }),
    },
    { path: `/progress-update/${strategyId}`, ready: title },
    { path: `/initiative-charter/${initiativeId}`, ready: h1 },
    { path: '/no-such-page', ready: h1 },
    { path: `/strategy/${strategyId}`, ready: (page) => page.getByText(LONG_TEXT.focusArea).first() },
  ];
}

interface Reflow {
  scrollWidth: number;
  /** The innermost elements that reach past the right edge outside any box that scrolls. */
  overflowing: string[];
  clipped: string[];
}

// Runs in the page; e2e is compiled without the DOM types, so it is a script.
const MEASURE = `(() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (element) => /auto|scroll/.test(getComputedStyle(element).overflowX);
  const inScrollingBox = (element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
      if (scrolls(box)) return true;
    return false;
  };
  // Text drawn nowhere on purpose (visuallyHidden: clipped to nothing) is not cut off.
  const forScreenReaders = (element) => {
    for (let box = element; box && box !== document.body; box = box.parentElement)
      if (getComputedStyle(box).clip.startsWith('rect')) return true;
    return false;
  };
  const past = (element) => element.getBoundingClientRect().right > width + 0.5;
  const describe = (element) => {
    const name = element.getAttribute('aria-label') || (element.textContent || '').trim().slice(0, 40);
    return element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? '.' + element.className.split(' ')[0] : '') + ' "' + name + '" right=' + Math.round(element.getBoundingClientRect().right);
  };
  const overflowing = [...document.body.querySelectorAll('*')]
    .filter((element) => past(element) && !inScrollingBox(element))
    .filter((element) => ![...element.children].some(past))
    .slice(0, 8)
    .map(describe);
  // Text cut off at its box's edge ("…" or hidden): its own words wider than the box that clips them.
  const clipped = [...document.body.querySelectorAll('*')]
    .filter((element) => !/^(INPUT|TEXTAREA)$/.test(element.tagName) && !forScreenReaders(element))
    .filter((element) => /hidden|clip/.test(getComputedStyle(element).overflowX))
    .filter((element) => element.scrollWidth > element.clientWidth + 1)
    .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim()))
    .slice(0, 8)
    .map(describe);
  return { scrollWidth: document.documentElement.scrollWidth, overflowing, clipped };
})()`;

async function expectFits(page: Page, target: PageCase, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(target.path);
  await expect(target.ready(page)).toBeVisible();
  const measured = await page.evaluate<Reflow>(MEASURE);
  if (process.env.REFLOW_SCREENSHOTS) {
    const name = target.path
      .replace(/\?.*/, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '');
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  expect
    .soft(measured.scrollWidth, `${target.path} at ${width} px: ${measured.overflowing.join('; ')}`)
    .toBeLessThanOrEqual(width);
  expect.soft(measured.clipped, `${target.path} at ${width} px: clipped text`).toEqual([]);
}

const WIDTHS = process.env.REFLOW_SCREENSHOTS ? [320, 820, 1366] : [320, 820];

test('every signed-out page fits 320 px and 820 px without scrolling sideways', async ({ page }) => {
  for (const target of signedOutPages()) for (const width of WIDTHS) await expectFits(page, target, width);
});

test('every signed-in page fits 320 px and 820 px without scrolling sideways', async ({ app, page }) => {
  test.setTimeout(240_000);
  const strategy = await longStrategy(app);
  await logInBrowser(page, strategy.master);
  for (const target of signedInPages(strategy))
    for (const width of WIDTHS) await expectFits(page, target, width);

  // The organisation's page is for its administrator; the long-named people are among its members.
  const admin: ApiUser = await organisationAdmin(app);
  await logInBrowser(page, admin);
  const organisation = {
    path: '/organisation',
    ready: (p: Page) => p.getByRole('cell', { name: strategy.master.email }).first(),
  };
  for (const width of WIDTHS) await expectFits(page, organisation, width);
});

test('at 320 px the header folds its links into a menu that works by keyboard', async ({ app, page }) => {
  const strategy = await longStrategy(app);
  await logInBrowser(page, strategy.master);
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto('/profile-settings');
  await expect(page.locator(`input[value="${LONG_TEXT.businessTitle}"]`)).toBeVisible();
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: HEADER_TEXT.navigation });
  const menu = nav.getByRole('button', { name: HEADER_TEXT.menuButton });
  const names = [HEADER_TEXT.strategyLink, HEADER_TEXT.progressLink, PORTFOLIO_TEXT.headerLink];
  // The avatar is named by the initials it shows (WCAG 2.5.3).
  const avatar = header.getByRole('button', { name: /account menu/i });
  await expect(avatar).toHaveText('MF');
  await expect(avatar).toHaveAccessibleName(HEADER_TEXT.accountMenu('MF'));

  // From the top of the page: the logo, then the menu, folded.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  for (const name of names) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);

  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of names) {
    await page.keyboard.press('Tab');
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toBeFocused();
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320, `${name} is on the screen`).toBe(true);
  }
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);

  // Escape folds it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link')).toHaveCount(0);

  // Space opens it again; a link followed by keyboard leads to its page and folds the menu.
  await page.keyboard.press('Space');
  for (const _ of names) await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: PORTFOLIO_TEXT.headerLink })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(nav.getByRole('link', { name: PORTFOLIO_TEXT.headerLink })).toHaveAttribute(
    'aria-current',
    'page',
  );
  if (process.env.REFLOW_SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath('header-menu-320.png') });
  // A click elsewhere folds it.
  await page.mouse.click(160, 850);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // Wide again: the links sit in the bar, and there is no menu.
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const name of names) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(menu).toHaveCount(0);
});
