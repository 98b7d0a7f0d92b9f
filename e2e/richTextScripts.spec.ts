/**
 * Issue 7, hostile input: script payloads written through the API into every field a user can
 * fill (strategy title and ambition, focus-area and initiative titles, every charter field, a
 * timeline row, the progress comments current and locked at a past due date, the user's names
 * and business title) never run on any page that shows them, whether read, edited or clicked.
 * The server may sanitise some away; whatever reaches the browser must stay inert, and the
 * harmless text next to the payloads must still be shown.
 */
import { LIMITS, POP_UP_LABEL } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import {
  clickRichTextLinks,
  focusEveryEditor,
  HARMLESS_TEXTS,
  hostilePlainText,
  hostileRichText,
  type ScriptWatch,
  watchForScripts,
} from './helpers/hostileText';
import { moveServerClockPast, serverNow } from './helpers/progress';

interface WireStrategy {
  id: number;
  focus_areas: { id: number; initiatives: { id: number }[] }[];
}

interface WireInitiative {
  comments: { id: number; comment_type: 'PR' | 'RB' | 'NS' }[];
}

/** The charter's text fields: wire name → the label of its text box. */
const CHARTER_FIELDS = {
  problem_statement: 'Problem statement',
  in_scope: 'In scope',
  out_scope: 'Out of scope',
  risks_and_dependencies: 'Risks and dependencies',
  deliverables: 'Deliverables',
  impact: 'Impact',
  investment: 'Investment',
  work_plan: 'Work plan',
} as const;
type CharterField = keyof typeof CHARTER_FIELDS;

const COMMENT_LABELS = { PR: 'Progress', RB: 'Roadblocks', NS: 'Next steps' } as const;
type CommentType = keyof typeof COMMENT_LABELS;

/** The harmless text written next to the payloads of each field. */
const MARK = {
  ambition: 'XSS-AMBITION',
  focusArea: 'XSS-FOCUS-AREA',
  initiative: 'XSS-INITIATIVE',
  timeline: 'XSS-TIMELINE',
  charter: (field: CharterField) => `XSS-CHARTER-${field}`,
  lockedComment: (type: CommentType) => `XSS-LOCKED-${type}`,
  currentComment: (type: CommentType) => `XSS-CURRENT-${type}`,
};

/** Plain-text fields are shown as typed: these exact strings, payloads included, must appear as text. */
const PLAIN = {
  title: hostilePlainText('XSS-STRATEGY-TITLE', LIMITS.title),
  firstName: hostilePlainText('XSS-FIRST', LIMITS.personName),
  lastName: hostilePlainText('XSS-LAST', LIMITS.personName, 4),
  businessTitle: hostilePlainText('XSS-JOB', LIMITS.businessTitle, 7),
};
const FULL_NAME = `${PLAIN.firstName} ${PLAIN.lastName}`;

interface HostileStrategy {
  master: ApiUser;
  member: ApiUser;
  strategyId: number;
  initiativeId: number;
}

/** Writes every comment of the initiative's current period. */
async function writeComments(
  app: RunningApp,
  master: ApiUser,
  initiativeId: number,
  mark: (type: CommentType) => string,
) {
  const initiative = await apiCall<WireInitiative>(app, `/initiative/${initiativeId}/`, {
    token: master.token,
  });
  for (const comment of initiative.comments) {
    await apiCall(app, `/comments/update/${comment.id}/`, {
      method: 'PATCH',
      // The safe link in the Progress comment only: clicking it in read-only text opens a tab.
      body: {
        comment: hostileRichText(mark(comment.comment_type), { safeLink: comment.comment_type === 'PR' }),
      },
      token: master.token,
    });
  }
}

/**
 * A strategy whose every user-written field carries the payloads, mastered by a user whose names
 * carry them too; its comments are written, locked by a due date passing, and written again.
 */
async function hostileStrategy(app: RunningApp): Promise<HostileStrategy> {
  const master = await createUser(app, 'Master');
  const member = await createUser(app, 'Member');
  const token = master.token;
  const patch = (path: string, body: unknown) => apiCall(app, path, { method: 'PATCH', body, token });
  await patch('/update-user-details/', {
    first_name: PLAIN.firstName,
    last_name: PLAIN.lastName,
    business_title: PLAIN.businessTitle,
  });
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: PLAIN.title, ambition: hostileRichText(MARK.ambition, { safeLink: true }) },
    token,
  });
  const focusArea = strategy.focus_areas[0]!;
  const initiativeId = focusArea.initiatives[0]!.id;
  await patch(`/focusarea/update/${focusArea.id}/`, {
    title: hostileRichText(MARK.focusArea, { singleLine: true }),
  });
  const charter = Object.fromEntries(
    (Object.keys(CHARTER_FIELDS) as CharterField[]).map((field) => [
      field,
      hostileRichText(MARK.charter(field), {
        singleLine: field === 'work_plan',
        safeLink: field === 'problem_statement',
      }),
    ]),
  );
  await patch(`/initiative/update/${initiativeId}/`, {
    title: hostileRichText(MARK.initiative, { singleLine: true }),
    ...charter,
  });
  await apiCall(app, '/timeline/create/', {
    method: 'POST',
    body: {
      initiative: initiativeId,
      description: hostileRichText(MARK.timeline, { singleLine: true }),
      start_date: '2027-01-04',
      end_date: '2027-02-26',
    },
    token,
  });
  const me = [{ id: master.id, email: master.email }];
  await patch('/assign-users-to-strategy/', {
    strategy_id: strategy.id,
    initiatives: [
      {
        initiative_id: initiativeId,
        owners: me,
        sponsors: me,
        team_members: [{ id: member.id, email: member.email }],
      },
    ],
  });

  // The first comments become history: a due date an hour from the server's now, then passed.
  await writeComments(app, master, initiativeId, MARK.lockedComment);
  const now = await serverNow(app);
  const due = new Date(Math.ceil((now.getTime() + 3_600_000) / 60_000) * 60_000);
  await patch(`/notification-settings/update/${strategy.id}/`, {
    time_zone: 'UTC',
    first_progress_update: due.toISOString(),
    update_frequency_number: 1,
    update_frequency_unit: 'week',
  });
  await moveServerClockPast(app, due);
  await expect
    .poll(
      async () => (await apiCall<string[]>(app, `/locked-comment-dates/${strategy.id}/`, { token })).length,
    )
    .toBe(1);
  await writeComments(app, master, initiativeId, MARK.currentComment);
  return { master, member, strategyId: strategy.id, initiativeId };
}

let world: HostileStrategy;

test.beforeAll(async ({ workerApp }) => {
  world = await hostileStrategy(workerApp);
});

/** A logged-in page under watch. */
async function openAs(page: Page, user: ApiUser): Promise<ScriptWatch> {
  const watch = await watchForScripts(page);
  await logInBrowser(page, user);
  return watch;
}

const textbox = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: true });

/** A field shows its marker and the text the payloads leave once harmless, so it rendered something. */
async function expectHarmlessRest(field: Locator, marker: string) {
  for (const text of [marker, ...HARMLESS_TEXTS]) await expect(field).toContainText(text);
}

test('the strategy list and the strategy page, edited, previewed and downloaded', async ({ page }) => {
  const watch = await openAs(page, world.master);
  await page.goto('/strategies');
  const card = page.getByRole('link').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(PLAIN.title);
  await expect(card).toContainText(MARK.ambition);
  await watch.expectNoScriptRan('/strategies');

  // The card is a link made of the payloads: it leads to the strategy.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/strategy/${world.strategyId}$`));
  await expect(page.getByRole('textbox', { name: 'Strategy title' })).toHaveValue(PLAIN.title);
  await expectHarmlessRest(textbox(page, 'Ambition'), MARK.ambition);
  await expect(textbox(page, 'Title of focus area 1')).toContainText(MARK.focusArea);
  await expect(textbox(page, 'Title of initiative 1')).toContainText(MARK.initiative);
  await watch.expectNoScriptRan('the strategy page');

  expect(await focusEveryEditor(page)).toBe(3);
  expect(await clickRichTextLinks(page)).toBe(1);
  await watch.expectNoScriptRan('the strategy page, edited');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(
    page.getByRole('region', { name: POP_UP_LABEL }).getByText(FULL_NAME, { exact: true }),
  ).toBeVisible();
  await watch.expectNoScriptRan('the account menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Strategy menu' }).click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  await expect(page.getByText('Preview', { exact: true })).toBeVisible();
  await expect(page.locator('.tiptap[aria-readonly="false"]')).toHaveCount(0);
  await expect(textbox(page, 'Ambition')).toContainText(MARK.ambition);
  expect(await clickRichTextLinks(page)).toBe(1);
  await watch.expectNoScriptRan('the strategy page in preview');

  await page.getByRole('button', { name: 'Strategy menu' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/^strategy_.*\.png$/);
  await watch.expectNoScriptRan('the strategy image export');
});

test('the initiative charter, for its owner and read-only for a team member', async ({
  page,
  browser,
  app,
}) => {
  const charterPath = `/initiative-charter/${world.initiativeId}`;
  const expectCharterShown = async (reader: Page) => {
    await expect(reader.getByRole('heading', { level: 1 })).toContainText(MARK.initiative);
    const heading = reader.locator('header[data-charter-section]');
    await expect(heading).toContainText(`Focus area: ${MARK.focusArea}`);
    await expect(heading).toContainText(`Strategy: ${PLAIN.title}`);
    await expect(textbox(reader, 'Strategy ambition')).toContainText(MARK.ambition);
    for (const [field, label] of Object.entries(CHARTER_FIELDS) as [CharterField, string][])
      await expectHarmlessRest(textbox(reader, label), MARK.charter(field));
    await expect(textbox(reader, 'Description of timeline row 1')).toContainText(MARK.timeline);
    await expect(reader.getByRole('list', { name: 'Owners' })).toHaveText(FULL_NAME);
    await expect(reader.getByRole('list', { name: 'Sponsors' })).toHaveText(FULL_NAME);
  };

  const watch = await openAs(page, world.master);
  await page.goto(charterPath);
  await expectCharterShown(page);
  await watch.expectNoScriptRan('the charter');
  // Every charter field, the timeline row; the ambition is only context here.
  expect(await focusEveryEditor(page)).toBe(Object.keys(CHARTER_FIELDS).length + 1);
  // The safe links of the ambition and the problem statement.
  expect(await clickRichTextLinks(page)).toBe(2);
  await watch.expectNoScriptRan('the charter, edited');

  const memberContext = await browser.newContext({ baseURL: app.baseURL });
  const memberPage = await memberContext.newPage();
  const memberWatch = await openAs(memberPage, world.member);
  await memberPage.goto(charterPath);
  await expectCharterShown(memberPage);
  await expect(memberPage.locator('.tiptap[aria-readonly="false"]')).toHaveCount(0);
  expect(await clickRichTextLinks(memberPage)).toBe(2);
  await memberWatch.expectNoScriptRan('the charter, read-only');
  await memberContext.close();
});

test('the progress page, current and locked at a past due date', async ({ page }) => {
  const watch = await openAs(page, world.master);
  await page.goto(`/progress-update/${world.strategyId}`);
  const comment = (type: CommentType) => textbox(page, new RegExp(`^${COMMENT_LABELS[type]} of `));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PLAIN.title);
  await expect(textbox(page, 'Ambition')).toContainText(MARK.ambition);
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: MARK.focusArea })).toBeVisible();
  const initiativeLink = page.getByRole('link').filter({ hasText: MARK.initiative });
  await expect(initiativeLink).toBeVisible();
  await expect(page.getByText(/^Owner:/)).toHaveText(`Owner: ${FULL_NAME}`);
  for (const type of Object.keys(COMMENT_LABELS) as CommentType[])
    await expect(comment(type)).toContainText(MARK.currentComment(type));
  await watch.expectNoScriptRan('the progress page');
  // The ambition (its master edits it here too) and the three comments.
  expect(await focusEveryEditor(page)).toBe(4);
  // The safe links of the ambition and the Progress comment.
  expect(await clickRichTextLinks(page)).toBe(2);
  await watch.expectNoScriptRan('the progress page, edited');

  // The past due date: the first comments, locked and read-only.
  await page.getByRole('combobox', { name: /^Due Date/ }).click();
  await page.getByRole('listbox').getByRole('option').nth(1).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These are the updates locked on' })).toBeVisible();
  for (const type of Object.keys(COMMENT_LABELS) as CommentType[]) {
    await expect(comment(type)).toContainText(MARK.lockedComment(type));
    await expect(comment(type)).toHaveAttribute('aria-readonly', 'true');
  }
  expect(await clickRichTextLinks(page)).toBe(2);
  await watch.expectNoScriptRan('the progress page at a past due date');

  // The initiative's title, made of the payloads, links to its charter.
  await initiativeLink.click();
  await expect(page).toHaveURL(new RegExp(`/initiative-charter/${world.initiativeId}$`));
  await expect(textbox(page, 'Problem statement')).toContainText(MARK.charter('problem_statement'));
  await watch.expectNoScriptRan('the charter reached from the progress page');
});

test('the strategy team, the strategy settings and the profile', async ({ page }) => {
  const watch = await openAs(page, world.master);
  await page.goto(`/strategy-team/${world.strategyId}`);
  const area = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(area.getByRole('heading', { level: 2 })).toContainText(MARK.focusArea);
  await expect(area.getByRole('rowheader')).toContainText(MARK.initiative);
  // The master's names on the masters, owners and sponsors pickers.
  await expect(page.getByRole('button', { name: FULL_NAME, exact: true })).toHaveCount(3);
  await watch.expectNoScriptRan('the strategy team page');

  await page.goto(`/strategy-settings/${world.strategyId}`);
  await expect(page.getByRole('heading', { level: 1 }).getByRole('list')).toHaveText(FULL_NAME);
  await expect(page).toHaveTitle(`Settings · ${PLAIN.title} · Keystone`);
  const strategyLink = page.getByRole('link', { name: PLAIN.title, exact: true });
  await expect(strategyLink).toBeVisible();
  await watch.expectNoScriptRan('the strategy settings');
  await strategyLink.click();
  await expect(page).toHaveURL(new RegExp(`/strategy/${world.strategyId}$`));
  await expect(textbox(page, 'Ambition')).toContainText(MARK.ambition);
  await watch.expectNoScriptRan('the strategy page reached from the settings');

  await page.goto('/profile-settings');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(PLAIN.firstName);
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue(PLAIN.lastName);
  await expect(page.getByRole('textbox', { name: /Business title/ })).toHaveValue(PLAIN.businessTitle);
  await watch.expectNoScriptRan('the profile');
});
