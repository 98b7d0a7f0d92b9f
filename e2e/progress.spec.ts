/**
 * Progress tracking of issue 6 in real browsers against the real server: a strategy master sets
 * the first progress update (in Berlin time), the rhythm and a reminder; a team member follows
 * the reminder mail and writes the update; the server's clock passes the due date; the report mail
 * carries the update, and the progress page keeps it read-only under the past due date while the
 * new period starts empty. With PROGRESS_SCREENSHOTS=DIR set, the history view is captured there.
 */
import path from 'node:path';
import { formatDueDate, PROGRESS_MESSAGES } from '@keystone/contract';
import type { Page } from '@playwright/test';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { moveServerClockPast, pickerWallClock, serverNow } from './helpers/progress';

interface WireStrategy {
  id: number;
  focus_areas: { id: number; initiatives: { id: number }[] }[];
}

interface WireSettings {
  time_zone: string;
  next_progress_update: string | null;
  team_reminders: { offset_number: number; offset_unit: string }[];
}

const TIME_ZONE = 'Europe/Berlin';
const INITIATIVE = 'Tablet lending library';
const UPDATE = {
  Progress: 'Forty tablets handed out in three schools.',
  Roadblocks: 'Two chargers went missing.',
  'Next steps': 'Order spare chargers before the holidays.',
};
const HOUR = 3_600_000;

/** A strategy mastered by `master` whose one initiative has `member` on its team. */
async function strategyWithMember(app: RunningApp, master: ApiUser, member: ApiUser) {
  const token = master.token;
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Reach every classroom', ambition: '<p>Every pupil learns with a device.</p>' },
    token,
  });
  const focusArea = strategy.focus_areas[0]!;
  const initiativeId = focusArea.initiatives[0]!.id;
  const patch = (path: string, body: unknown) => apiCall(app, path, { method: 'PATCH', body, token });
  await patch(`/focusarea/update/${focusArea.id}/`, { title: '<p>Devices for schools</p>' });
  await patch(`/initiative/update/${initiativeId}/`, { title: `<p>${INITIATIVE}</p>` });
  await patch('/assign-users-to-strategy/', {
    strategy_id: strategy.id,
    initiatives: [{ initiative_id: initiativeId, team_members: [{ id: member.id, email: member.email }] }],
  });
  return strategy.id;
}

const comment = (page: Page, type: keyof typeof UPDATE) =>
  page.getByRole('textbox', { name: `${type} of ${INITIATIVE}` });
const status = (page: Page) => page.getByRole('combobox', { name: `Status of ${INITIATIVE}` });
const dueDateSelect = (page: Page) => page.getByRole('combobox', { name: /^Due Date/ });

test('a due date set in Berlin time locks the team’s update, mails the report and keeps it as history', async ({
  page,
  browser,
  app,
}) => {
  const master = await createUser(app, 'Master');
  const member = await createUser(app, 'Member');
  const strategyId = await strategyWithMember(app, master, member);

  // The first due date: three hours from the server's now, to the minute; a reminder an hour before.
  const now = await serverNow(app);
  const due = new Date(Math.floor((now.getTime() + 3 * HOUR) / 60_000) * 60_000);
  const wall = pickerWallClock(due, TIME_ZONE);

  // 1. The master reaches the settings from the strategy page's menu.
  await logInBrowser(page, master);
  await page.goto(`/strategy/${strategyId}`);
  await page.getByRole('button', { name: 'Strategy menu' }).click();
  await page.getByRole('menuitem', { name: 'Strategy Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/strategy-settings/${strategyId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: PROGRESS_MESSAGES.settingsHeading }),
  ).toBeVisible();
  const saved = page.getByRole('region', { name: 'Due dates as saved' });
  await expect(saved).toContainText('Not scheduled');

  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await expect(zone).toHaveValue('Europe/Berlin');
  await expect(page.getByText('Time in Europe/Berlin')).toBeVisible();

  // The picker's field, typed section by section: MM DD YYYY hh mm and AM/PM.
  const first = page.getByRole('group', { name: 'First progress update' });
  await first.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(wall.digits);
  await page.keyboard.type(wall.meridiem[0]!);
  await expect(first.getByRole('spinbutton', { name: 'Meridiem' })).toHaveText(wall.meridiem);
  await expect(first).toContainText(wall.shown);
  // The picker's own view agrees: a 12-hour clock with the hour and AM/PM typed.
  await page.getByRole('button', { name: 'Choose the first progress update' }).click();
  const picker = page.getByRole('dialog', { name: 'First progress update' });
  await expect(picker.getByRole('listbox', { name: 'Select hours' }).getByRole('option')).toHaveCount(12);
  await expect(
    picker.getByRole('listbox', { name: 'Select hours' }).getByRole('option', { selected: true }),
  ).toHaveText(wall.hour12);
  await expect(
    picker.getByRole('listbox', { name: 'Select meridiem' }).getByRole('option', { selected: true }),
  ).toHaveText(wall.meridiem);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(first).toContainText(wall.shown);

  await page.getByRole('spinbutton', { name: 'Repeat every' }).fill('1');
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await page.getByRole('option', { name: 'week', exact: true }).click();

  await page.getByRole('button', { name: 'Add reminder' }).click();
  const reminder = page.getByRole('spinbutton', { name: 'Reminder 1' });
  await expect(page.getByText(PROGRESS_MESSAGES.reminderMin).first()).toBeVisible();
  await reminder.fill('1');
  await page.getByRole('combobox', { name: 'Unit of reminder 1' }).click();
  await page.getByRole('option', { name: 'hour', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Problems' })).toHaveText('');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(PROGRESS_MESSAGES.settingsSaved)).toBeVisible();
  await expect(saved).toContainText(formatDueDate(due, TIME_ZONE));
  // The wall clock typed is the one the server stored, in Berlin.
  const settings = await apiCall<WireSettings>(app, `/notification-settings/${strategyId}/`, {
    token: master.token,
  });
  expect(settings.time_zone).toBe(TIME_ZONE);
  expect(settings.next_progress_update?.slice(0, 16)).toBe(wall.iso);
  expect(Date.parse(settings.next_progress_update ?? '')).toBe(due.getTime());
  expect(settings.team_reminders).toEqual([
    expect.objectContaining({ offset_number: 1, offset_unit: 'hour' }),
  ]);

  // 2. The reminder reaches the team member, who follows its link and writes the update.
  await moveServerClockPast(app, new Date(due.getTime() - HOUR));
  const reminderMail = await app.smtp.waitFor(member.email, /Reminder: progress update for Reach every/);
  const link = reminderMail.links.find((address) => address.endsWith(`/progress-update/${strategyId}`));
  expect(link).toBeTruthy();

  const memberContext = await browser.newContext({ baseURL: app.baseURL });
  const memberPage = await memberContext.newPage();
  await logInBrowser(memberPage, member);
  await memberPage.goto(link ?? '');
  const currentEntry = `${formatDueDate(due, TIME_ZONE)} (current)`;
  await expect(dueDateSelect(memberPage)).toContainText(currentEntry);
  const saveStatus = memberPage.getByRole('status', { name: 'Save status' });
  for (const [type, text] of Object.entries(UPDATE) as [keyof typeof UPDATE, string][]) {
    const field = comment(memberPage, type);
    await expect(field.locator(`[data-placeholder="${PROGRESS_MESSAGES.commentPlaceholder}"]`)).toHaveCount(
      1,
    );
    await field.click();
    await field.pressSequentially(text);
    await expect(saveStatus).toHaveText('Saved');
  }
  await status(memberPage).click();
  await memberPage.getByRole('option', { name: 'On Track' }).click();
  await expect(status(memberPage)).toHaveText('On Track');

  // Stored: a page loaded afresh (the master's) shows the update. The member's page stays open,
  // long connected, to see the due date pass live.
  await page.goto(`/progress-update/${strategyId}`);
  for (const [type, text] of Object.entries(UPDATE) as [keyof typeof UPDATE, string][])
    await expect(comment(page, type)).toHaveText(text);
  await expect(status(page)).toHaveText('On Track');

  // 3. The due date passes: the report with the update goes to the master.
  await moveServerClockPast(app, due);
  const report = await app.smtp.waitFor(master.email, /Progress report: Reach every classroom/);
  expect(report.subject).toContain(formatDueDate(due, TIME_ZONE));
  expect(report.text).toContain(`${INITIATIVE} [On Track]`);
  for (const [type, text] of Object.entries(UPDATE)) expect(report.text).toContain(`${type}: ${text}`);

  // 4. The open page follows: a week later is now current, the passed due date is history.
  const nextDue = new Date(due.getTime() + 7 * 24 * HOUR);
  await expect(dueDateSelect(memberPage)).toContainText(`${formatDueDate(nextDue, TIME_ZONE)} (current)`);
  await expect(memberPage.getByRole('alert').filter({ hasText: /has passed/ })).toContainText(
    `The due date ${formatDueDate(due, TIME_ZONE)} has passed`,
  );
  for (const type of Object.keys(UPDATE) as (keyof typeof UPDATE)[])
    await expect(comment(memberPage, type)).toHaveText('');
  await dueDateSelect(memberPage).click();
  const entries = memberPage.getByRole('listbox').getByRole('option');
  await expect(entries).toHaveText([
    `${formatDueDate(nextDue, TIME_ZONE)} (current)`,
    formatDueDate(due, TIME_ZONE),
  ]);
  await entries.nth(1).click();
  await expect(memberPage.getByRole('listbox')).toBeHidden();

  await expect(
    memberPage.getByRole('alert').filter({ hasText: 'These are the updates locked on' }),
  ).toContainText(formatDueDate(due, TIME_ZONE));
  for (const [type, text] of Object.entries(UPDATE) as [keyof typeof UPDATE, string][]) {
    await expect(comment(memberPage, type)).toHaveText(text);
    await expect(comment(memberPage, type)).toHaveAttribute('aria-readonly', 'true');
  }
  await expect(memberPage.locator('[aria-readonly="false"]')).toHaveCount(0);
  await expect(status(memberPage)).toHaveText('On Track');
  await expect(status(memberPage)).toHaveAttribute('aria-readonly', 'true');
  if (process.env.PROGRESS_SCREENSHOTS) {
    await memberPage.screenshot({
      path: path.join(process.env.PROGRESS_SCREENSHOTS, 'e2e-progress-history.png'),
      fullPage: true,
    });
  }

  // Back to the current period: fresh, empty and editable comments.
  await dueDateSelect(memberPage).click();
  await memberPage.getByRole('option', { name: /\(current\)$/ }).click();
  for (const type of Object.keys(UPDATE) as (keyof typeof UPDATE)[]) {
    await expect(comment(memberPage, type)).toHaveText('');
    await expect(comment(memberPage, type)).toHaveAttribute('aria-readonly', 'false');
    await expect(
      comment(memberPage, type).locator(`[data-placeholder="${PROGRESS_MESSAGES.commentPlaceholder}"]`),
    ).toHaveCount(1);
  }

  // 5. The settings are for masters: a team member is sent to the strategy page.
  await memberPage.goto(`/strategy-settings/${strategyId}`);
  await expect(memberPage).toHaveURL(new RegExp(`/strategy/${strategyId}$`));
  await memberContext.close();
});
