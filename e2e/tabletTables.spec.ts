/**
 * Issue 27: on a tablet (820 × 1180) the organisation's members table and the portfolio table fit
 * their cards: neither is wider than its container, the page does not scroll sideways, and no
 * e-mail address is broken inside a word (only after the "@" or before a dot). At 320 px a table
 * may scroll inside its own box, which stays on the screen.
 */
import { PORTFOLIO_TEXT } from '@keystone/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiCall, createUser, logInBrowser, organisationAdmin } from './helpers/apiUsers';

// The measurements run in the page; e2e is compiled without the DOM types, so they are scripts.

/** How wide the table is against its container, and whether the page itself scrolls sideways. */
const WIDTHS = `(element) => {
  const box = element.parentElement;
  return {
    table: Math.ceil(element.getBoundingClientRect().width),
    container: box.clientWidth,
    containerScrolls: box.scrollWidth > box.clientWidth,
    containerInView: box.getBoundingClientRect().right <= window.innerWidth,
    pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
  };
}`;

interface Widths {
  table: number;
  container: number;
  containerScrolls: boolean;
  containerInView: boolean;
  pageScrolls: boolean;
}

/**
 * Every e-mail address shown in the table (the innermost element holding a whole one) with the
 * text that starts each of its lines after the first, read from where each character is drawn.
 */
const EMAIL_LINES = `(element) => {
  const found = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent || '';
    // An address starts with a letter or digit: a cell that holds a nameless member's "—" and the
    // address is not one address, the element holding the address alone is.
    if (!/^[a-z0-9][^\\s@]*@[^\\s@]+\\.[^\\s@]+$/i.test(text)) continue;
    if ([...node.children].some((child) => child.textContent === text)) continue;
    const characters = [];
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      for (let i = 0; i < t.textContent.length; i++) {
        const range = document.createRange();
        range.setStart(t, i);
        range.setEnd(t, i + 1);
        characters.push({ char: t.textContent[i], top: Math.round(range.getBoundingClientRect().top) });
      }
    }
    const lineStarts = [];
    characters.forEach((c, i) => {
      if (i > 0 && c.top > characters[i - 1].top) lineStarts.push(characters.slice(i).map((x) => x.char).join(''));
    });
    found.push({ email: text, lineStarts });
  }
  return found;
}`;

/** Runs one of the scripts above on the table, found in the page by its accessible name. */
async function measure<T>(table: Locator, script: string): Promise<T> {
  const name = await table.getAttribute('aria-label');
  const selector = JSON.stringify(`table[aria-label="${name}"]`);
  return table.page().evaluate<T>(`(${script})(document.querySelector(${selector}))`);
}
const widths = (table: Locator) => measure<Widths>(table, WIDTHS);
const emailLines = (table: Locator) => measure<{ email: string; lineStarts: string[] }[]>(table, EMAIL_LINES);

async function expectFits(page: Page, table: Locator, width: number) {
  await page.setViewportSize({ width, height: 1180 });
  await expect(table).toBeVisible();
  const measured = await widths(table);
  expect(measured.containerInView, "the table's box reaches past the screen").toBe(true);
  return measured;
}

test('the members and portfolio tables fit a tablet, with e-mail addresses broken only where they may be', async ({
  app,
  page,
}) => {
  const admin = await organisationAdmin(app);
  const people = [];
  for (const name of ['Rosalind', 'Bartholomew', 'Guinevere', 'Maximilian'])
    people.push(await createUser(app, name));
  const [master, owner] = people;
  await apiCall(app, '/update-user-details/', {
    method: 'PATCH',
    token: owner!.token,
    body: { business_title: 'Head of Customer Success and Partnerships' },
  });
  const call = <T>(path: string, method: 'POST' | 'PATCH', body: unknown) =>
    apiCall<T>(app, path, { method, body, token: master!.token });
  type Created = { id: number; focus_areas: { id: number; initiatives: { id: number }[] }[] };
  const titles = ['Grow the customer base in Europe 2027', 'Platform reliability and developer experience'];
  for (const title of titles) {
    // Every column with something in it: statuses of several kinds, and a due date with its zone.
    const strategy = await call<Created>('/strategy/create/', 'POST', { title });
    const area = strategy.focus_areas[0]!;
    const second = await call<{ id: number }>('/initiative/create/', 'POST', {
      focus_area: area.id,
      title: 'Hire',
    });
    await call(`/initiative/update/${area.initiatives[0]!.id}/`, 'PATCH', { status: 'BL' });
    await call(`/initiative/update/${second.id}/`, 'PATCH', { status: 'OT' });
    await call(`/notification-settings/update/${strategy.id}/`, 'PATCH', {
      time_zone: 'America/Argentina/Buenos_Aires',
      first_progress_update: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      update_frequency_number: 1,
      update_frequency_unit: 'week',
    });
  }

  await logInBrowser(page, admin);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto('/organisation');
  const members = page.getByRole('table', { name: 'Members of the organisation' });
  // The browser suite shares one server, so the organisation may hold earlier tests' people too:
  // wait for the table's rows, at least a heading row, the administrator and these four.
  await expect(members.getByRole('row').nth(people.length + 1)).toBeVisible();
  const atTablet = await expectFits(page, members, 820);
  expect(atTablet.pageScrolls, 'the page scrolls sideways').toBe(false);
  expect(atTablet.table, 'the members table is wider than its card').toBeLessThanOrEqual(atTablet.container);
  expect(atTablet.containerScrolls).toBe(false);
  const emails = await emailLines(members);
  expect(emails.map((entry) => entry.email)).toEqual(expect.arrayContaining(people.map((p) => p.email)));
  for (const { email, lineStarts } of emails) {
    for (const start of lineStarts) {
      expect(
        email.endsWith(start) && (start.startsWith('.') || email.endsWith(`@${start}`)),
        `${email} is broken before "${start}"`,
      ).toBe(true);
    }
  }
  await page.screenshot({ path: test.info().outputPath('organisation-820.png'), fullPage: true });
  // A phone: the table may scroll in its own box, never the page.
  await expectFits(page, members, 320);

  await logInBrowser(page, master!);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto('/portfolio');
  const portfolio = page.getByRole('table', { name: PORTFOLIO_TEXT.pageTitle });
  for (const title of titles) await expect(portfolio.getByRole('link', { name: title })).toBeVisible();
  const portfolioAtTablet = await expectFits(page, portfolio, 820);
  expect(portfolioAtTablet.pageScrolls, 'the page scrolls sideways').toBe(false);
  expect(portfolioAtTablet.table, 'the portfolio table is wider than its box').toBeLessThanOrEqual(
    portfolioAtTablet.container,
  );
  expect(portfolioAtTablet.containerScrolls).toBe(false);
  await page.screenshot({ path: test.info().outputPath('portfolio-820.png'), fullPage: true });
  await expectFits(page, portfolio, 320);
});
