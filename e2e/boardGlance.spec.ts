/**
 * Status at a glance (issue 18) in a real browser against the real server: a 5×5 strategy whose
 * first due date has passed shows each initiative's reported status, owners and last update, and
 * each focus area's count per status; the next due date changes them live; preview and the image
 * keep them. With BOARD_SCREENSHOTS=DIR set, the board at 1280 and 820 wide and the image are saved there.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BOARD_TEXT, formatDay, INITIATIVE_STATUS_CODES, LIMITS } from '@keystone/contract';
import type { Page } from '@playwright/test';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { moveServerClockPast, weeklyFromNextHour } from './helpers/progress';

interface WireStrategy {
  id: number;
  focus_areas: { id: number; sort_index: number; initiatives: { id: number; sort_index: number }[] }[];
}

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const OWNER_NAMES = ['Amira', 'Bruno', 'Chen', 'Dana', 'Emil'];
const AREAS = ['Customers', 'Revenue', 'Platform', 'People', 'Partners'];
const screenshots = process.env.BOARD_SCREENSHOTS;

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/** A strategy with LIMITS.focusAreasPerStrategy focus areas of LIMITS.initiativesPerFocusArea initiatives each. */
async function fullStrategy(app: RunningApp, master: ApiUser): Promise<WireStrategy> {
  const token = master.token;
  const call = (path: string, method: 'POST' | 'PATCH', body: unknown) =>
    apiCall<{ id: number }>(app, path, { method, body, token });
  const { id } = await call('/strategy/create/', 'POST', {
    title: 'Win the mid-market',
    ambition: '<p>Twice the customers by 2028.</p>',
  });
  for (let index = 1; index < LIMITS.focusAreasPerStrategy; index += 1)
    await call('/focusarea/create/', 'POST', { strategy: id, sort_index: index });
  let strategy = await apiCall<WireStrategy>(app, `/strategy/${id}`, { token });
  for (const area of strategy.focus_areas) {
    await call(`/focusarea/update/${area.id}/`, 'PATCH', { title: `<p>${AREAS[area.sort_index]}</p>` });
    for (let index = area.initiatives.length; index < LIMITS.initiativesPerFocusArea; index += 1)
      await call('/initiative/create/', 'POST', { focus_area: area.id, sort_index: index });
  }
  strategy = await apiCall<WireStrategy>(app, `/strategy/${id}`, { token });
  for (const area of strategy.focus_areas)
    for (const item of area.initiatives)
      await call(`/initiative/update/${item.id}/`, 'PATCH', {
        title: `<p>${AREAS[area.sort_index]} initiative ${item.sort_index + 1}</p>`,
      });
  return strategy;
}

const byOrder = <T extends { sort_index: number }>(items: T[]) =>
  [...items].sort((a, b) => a.sort_index - b.sort_index);

/** The card of an initiative, by its focus area's and its own position (1-based). */
const card = (page: Page, area: number, position: number) =>
  page
    .getByRole('region', { name: `Focus area ${area}` })
    .getByTestId('initiative-card')
    .nth(position - 1);
const counts = (page: Page, area: number) =>
  page
    .getByRole('region', { name: `Focus area ${area}` })
    .getByRole('list', { name: BOARD_TEXT.statusCounts });

/** Spec §9: the day of a last update as MM/DD/YYYY, whatever the reader's locale (here en-GB, UTC). */
const dayOf = (date: Date) => formatDay(date, 'UTC');

/** Writes the Progress comment of an initiative's current update. */
async function writeProgress(app: RunningApp, token: string, strategyId: number, initiativeId: number) {
  const page = await apiCall<{
    focus_areas: { initiatives: { id: number; comments: { id: number; comment_type: string }[] }[] }[];
  }>(app, `/strategy/${strategyId}`, { token });
  const initiative = page.focus_areas
    .flatMap((area) => area.initiatives)
    .find((item) => item.id === initiativeId);
  const progress = initiative?.comments.find((comment) => comment.comment_type === 'PR');
  await apiCall(app, `/comments/update/${progress!.id}/`, {
    method: 'PATCH',
    token,
    body: { comment: '<p>On plan.</p>' },
  });
}

test('the board shows status, owners and last update at a glance, live, in preview and in the image', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const master = await createUser(app, 'Master');
  const people: ApiUser[] = [];
  for (const name of OWNER_NAMES) people.push(await createUser(app, name));
  const strategy = await fullStrategy(app, master);
  const token = master.token;
  const areas = byOrder(strategy.focus_areas).map((area) => byOrder(area.initiatives));

  // Owners: five on the first initiative, one or two elsewhere, none on each area's last one.
  const ref = (user: ApiUser) => ({ id: user.id, email: user.email });
  await apiCall(app, '/assign-users-to-strategy/', {
    method: 'PATCH',
    token,
    body: {
      strategy_id: strategy.id,
      initiatives: areas.flatMap((items, area) =>
        items.slice(0, -1).map((item, index) => ({
          initiative_id: item.id,
          owners:
            area === 0 && index === 0
              ? people.map(ref)
              : [people[(area + index) % people.length]!, people[(area + index + 1) % people.length]!]
                  .slice(0, 1 + (index % 2))
                  .map(ref),
        })),
      ),
    },
  });
  // Statuses: the first area On Track, On Track, Blocked, Delayed, and one left Inactive; the rest in turn.
  const statusOf = (area: number, index: number) =>
    area === 0
      ? (['OT', 'OT', 'BL', 'DE', 'IN'] as const)[index]!
      : INITIATIVE_STATUS_CODES[(area + index) % INITIATIVE_STATUS_CODES.length]!;
  for (const [area, items] of areas.entries())
    for (const [index, item] of items.entries())
      await apiCall(app, `/initiative/update/${item.id}/`, {
        method: 'PATCH',
        token,
        body: { status: statusOf(area, index) },
      });

  // Before any due date: every initiative is Inactive and has no update yet.
  await logInBrowser(page, master);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/strategy/${strategy.id}`);
  await expect(card(page, 1, 1).getByTestId('initiative-status')).toHaveText('Status: Inactive');
  await expect(card(page, 1, 1)).toContainText(BOARD_TEXT.noUpdateYet);
  await expect(counts(page, 1).getByRole('listitem')).toHaveText(['5 Inactive']);

  // The first due date passes while the page is open: the reported statuses arrive live.
  const due = await weeklyFromNextHour(app, strategy.id, token);
  // Only the first initiative writes an update: the others' empty ones are no update (issue 27).
  await writeProgress(app, token, strategy.id, areas[0]![0]!.id);
  await moveServerClockPast(app, due);
  const first = card(page, 1, 1);
  await expect(first.getByTestId('initiative-status')).toHaveText('Status: On Track');
  await expect(first.getByTestId('initiative-last-update')).toHaveText(BOARD_TEXT.updatedOn(dayOf(due)));
  await expect(card(page, 1, 2).getByTestId('initiative-status')).toHaveText('Status: On Track');
  await expect(card(page, 1, 2)).toContainText(BOARD_TEXT.noUpdateYet);
  await expect(counts(page, 1).getByRole('listitem')).toHaveText([
    '1 Inactive',
    '1 Blocked',
    '1 Delayed',
    '2 On Track',
  ]);

  // Owners: three by initials and name, the other two folded into "+2", named on hover.
  const owners = first.getByRole('list', { name: BOARD_TEXT.owners });
  await expect(owners.getByRole('img')).toHaveCount(4);
  await expect(owners.getByRole('img', { name: 'Amira Tester' })).toHaveText('AT');
  const more = owners.getByRole('img', { name: BOARD_TEXT.moreOwners(['Dana Tester', 'Emil Tester']) });
  await expect(more).toHaveText('+2');
  await owners.getByRole('img', { name: 'Bruno Tester' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Bruno Tester');
  await expect(card(page, 1, 5)).toContainText(BOARD_TEXT.noOwner);

  if (screenshots) {
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(screenshots, 'board-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: path.join(screenshots, 'board-820.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // The next due date reports a changed status: the card and the count follow without a reload.
  await apiCall(app, `/initiative/update/${areas[0]![0]!.id}/`, {
    method: 'PATCH',
    token,
    body: { status: 'BL' },
  });
  await writeProgress(app, token, strategy.id, areas[0]![0]!.id);
  await moveServerClockPast(app, new Date(due.getTime() + WEEK));
  await expect(first.getByTestId('initiative-status')).toHaveText('Status: Blocked');
  await expect(first.getByTestId('initiative-last-update')).toHaveText(
    BOARD_TEXT.updatedOn(dayOf(new Date(due.getTime() + WEEK))),
  );
  await expect(counts(page, 1).getByRole('listitem')).toHaveText([
    '1 Inactive',
    '2 Blocked',
    '1 Delayed',
    '1 On Track',
  ]);

  // Preview keeps the read-out; so does the downloaded image.
  await page.getByRole('button', { name: 'Strategy menu' }).click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  await expect(page.getByRole('button', { name: 'Add focus area' })).toHaveCount(0);
  await expect(first.getByTestId('initiative-status')).toHaveText('Status: Blocked');
  await expect(first.getByRole('list', { name: BOARD_TEXT.owners }).getByRole('img')).toHaveCount(4);
  await expect(counts(page, 2).getByRole('listitem')).not.toHaveCount(0);
  if (screenshots)
    await page.screenshot({ path: path.join(screenshots, 'board-preview.png'), fullPage: true });
  await page.getByRole('button', { name: 'Strategy menu' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
  const image = await readFile(await (await downloading).path());
  expect(image.length).toBeGreaterThan(10_000);
  if (screenshots) await writeFile(path.join(screenshots, 'board-export.png'), image);
});
