/**
 * The initiative charter of issue 5 in a real browser against the real server: the owner writes
 * the charter and its timeline and asks for approval; the sponsor follows the mailed link and
 * approves; a team member sees everything read-only. With CHARTER_SCREENSHOTS=DIR set, the
 * journey also leaves screenshots and a printed PDF there.
 */
import path from 'node:path';
import { CHARTER_MESSAGES, MESSAGES } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser } from './helpers/apiUsers';

interface WireStrategy {
  id: number;
  focus_areas: { initiatives: { id: number }[] }[];
}

interface WireInitiative {
  sponsor_approval_at: string | null;
  sponsor_approval_user: { name: string | null; email: string } | null;
}

const screenshotDir = process.env.CHARTER_SCREENSHOTS;

async function screenshot(page: Page, name: string) {
  if (!screenshotDir) return;
  // A viewport as tall as the page: a full-page capture would repeat the sticky header mid-page.
  const height = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { body: { scrollHeight: number } } }).document.body.scrollHeight,
  );
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: viewport?.width ?? 1366, height });
  await page.screenshot({ path: path.join(screenshotDir, `charter-${name}.png`) });
  if (viewport) await page.setViewportSize(viewport);
}

/** New people and a strategy whose first initiative has them as owner, sponsor and team member. */
async function charterWithTeam(app: RunningApp) {
  const people = {
    owner: await createUser(app, 'Owner'),
    sponsor: await createUser(app, 'Sponsor'),
    member: await createUser(app, 'Member'),
  };
  const master = await createUser(app, 'Master');
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Grow the self-serve business', ambition: '<p>Every team finds us on its own.</p>' },
    token: master.token,
  });
  const initiativeId = strategy.focus_areas[0]!.initiatives[0]!.id;
  await apiCall(app, `/initiative/update/${initiativeId}/`, {
    method: 'PATCH',
    body: { title: '<p>Self-serve onboarding</p>' },
    token: master.token,
  });
  const person = (user: ApiUser) => [{ id: user.id, email: user.email }];
  await apiCall(app, '/assign-users-to-strategy/', {
    method: 'PATCH',
    token: master.token,
    body: {
      strategy_id: strategy.id,
      initiatives: [
        {
          initiative_id: initiativeId,
          owners: person(people.owner),
          sponsors: person(people.sponsor),
          team_members: person(people.member),
        },
      ],
    },
  });
  return { ...people, strategyId: strategy.id, initiativeId };
}

/** Types a date into an MUI date field, section by section (MM, DD, YYYY). */
async function typeDate(field: Locator, date: string) {
  await field.getByRole('spinbutton', { name: 'Month' }).click();
  await field.page().keyboard.type(date.replaceAll('/', ''));
}

/** Replaces the text of a rich-text field by typing, as a user would. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

const pad = (value: number) => String(value).padStart(2, '0');
const localDay = (timestamp: string) => {
  const date = new Date(timestamp);
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
};

test('the owner writes the charter and asks for approval; the sponsor approves from the mail', async ({
  page,
  browser,
  app,
}) => {
  const { owner, sponsor, strategyId, initiativeId } = await charterWithTeam(app);

  await logInBrowser(page, owner);
  await page.goto(`/initiative-charter/${initiativeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Self-serve onboarding' })).toBeVisible();
  await expect(page.getByRole('link', { name: CHARTER_MESSAGES.strategyTeamLink })).toHaveAttribute(
    'href',
    `/strategy-team/${strategyId}`,
  );
  await expect(page.getByRole('list', { name: 'Sponsors' })).toContainText('Sponsor Tester');

  const saveStatus = page.getByRole('status', { name: 'Save status' });
  await typeInto(
    page.getByRole('textbox', { name: 'Problem statement' }),
    'Trial accounts rarely invite colleagues, and those accounts seldom convert.',
  );
  await expect(saveStatus).toHaveText('Saved');
  await typeInto(page.getByRole('textbox', { name: 'In scope' }), 'Web sign-up in Germany and Austria.');
  await expect(saveStatus).toHaveText('Saved');
  // The work plan is one line: Enter adds nothing.
  const workPlan = page.getByRole('textbox', { name: 'Work plan' });
  await typeInto(workPlan, 'Research, build, roll out');
  await workPlan.press('Enter');
  await expect(workPlan.locator('p')).toHaveCount(1);
  await expect(saveStatus).toHaveText('Saved');

  // A timeline row; an end before the start is refused under the row and not saved.
  await expect(page.getByText('No milestones yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Add row' }).click();
  const row = page.getByRole('row', { name: 'timeline row 1' });
  await typeInto(row.getByRole('textbox', { name: 'Description of timeline row 1' }), 'Pilot in Austria');
  await expect(saveStatus).toHaveText('Saved');
  const start = row.getByRole('group', { name: 'Start date of timeline row 1' });
  const end = row.getByRole('group', { name: 'End date of timeline row 1' });
  await typeDate(start, '03/15/2027');
  await expect(saveStatus).toHaveText('Saved');
  await typeDate(end, '03/01/2027');
  await expect(page.getByText(CHARTER_MESSAGES.endBeforeStart)).toBeVisible();
  await screenshot(page, 'date-order');
  await typeDate(end, '04/30/2027');
  await expect(page.getByText(CHARTER_MESSAGES.endBeforeStart)).toBeHidden();
  await expect(saveStatus).toHaveText('Saved');
  await screenshot(page, 'owner');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Problem statement' })).toContainText('seldom convert');
  await expect(page.getByRole('group', { name: 'Start date of timeline row 1' })).toContainText('03/15/2027');
  await expect(page.getByRole('group', { name: 'End date of timeline row 1' })).toContainText('04/30/2027');

  // Asking for approval mails the sponsor; the button then says so and rests.
  await page.getByRole('button', { name: CHARTER_MESSAGES.sendApprovalRequest }).click();
  const sent = page.getByRole('button', { name: CHARTER_MESSAGES.approvalRequestSent });
  await expect(sent).toBeDisabled();
  const mail = await app.smtp.waitFor(sponsor.email, /approve/i);
  const link = mail.links.find((address) => address.includes(`/initiative-charter/${initiativeId}`));
  expect(link).toBeTruthy();

  // The sponsor opens the link in a browser of their own, logs in, and lands on the charter.
  const sponsorContext = await browser.newContext({ baseURL: app.baseURL });
  const sponsorPage = await sponsorContext.newPage();
  await sponsorPage.goto(link ?? '');
  await expect(sponsorPage).toHaveURL(/\/login$/);
  await sponsorPage.getByLabel('E-mail').fill(sponsor.email);
  await sponsorPage.getByRole('textbox', { name: 'Password', exact: true }).fill(sponsor.password);
  await sponsorPage.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(sponsorPage).toHaveURL(new RegExp(`/initiative-charter/${initiativeId}$`));
  const approve = sponsorPage.getByRole('checkbox', { name: 'Approve the charter' });
  await expect(approve).toBeEnabled();
  // The box follows the server: it turns on once the approval is stored and the initiative reloaded.
  await approve.click();
  await expect(sponsorPage.getByText(/^Approved by: Sponsor Tester on \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await sponsorContext.close();

  const approved = await apiCall<WireInitiative>(app, `/initiative/${initiativeId}/`, { token: owner.token });
  const expected = CHARTER_MESSAGES.approvedBy(
    approved.sponsor_approval_user?.name ?? '',
    localDay(approved.sponsor_approval_at ?? ''),
  );
  await page.reload();
  await expect(page.getByText(expected)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: expected })).toBeChecked();
  // The owner may not approve, and there is nothing left to request.
  await expect(page.getByRole('checkbox', { name: expected })).toBeDisabled();
  await expect(page.getByRole('button', { name: CHARTER_MESSAGES.approvalRequestSent })).toBeDisabled();
  await screenshot(page, 'approved');

  if (screenshotDir) {
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'print');
    await page.pdf({ path: path.join(screenshotDir, 'charter.pdf'), format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
  }
});

test('an edit of an approved charter asks first, withdraws the approval, tells the sponsor and is on record', async ({
  page,
  app,
}) => {
  const { owner, sponsor, initiativeId } = await charterWithTeam(app);
  await apiCall(app, `/initiative/${initiativeId}/send-charter-review-request/`, {
    method: 'PATCH',
    token: owner.token,
  });
  await apiCall(app, `/initiative-approve/${initiativeId}/`, { method: 'PATCH', token: sponsor.token });

  await logInBrowser(page, owner);
  await page.goto(`/initiative-charter/${initiativeId}`);
  const history = page.getByRole('list', { name: CHARTER_MESSAGES.approvalHistory });
  await expect(history.getByRole('listitem')).toHaveText([
    /^Sponsor Tester approved the charter/,
    /^Owner Tester asked for approval/,
  ]);

  // Cancel leaves the field alone; Continue goes back into it.
  const problem = page.getByRole('textbox', { name: 'Problem statement' });
  const dialog = page.getByRole('dialog', { name: CHARTER_MESSAGES.editWithdrawsApprovalTitle });
  await problem.click();
  await expect(dialog).toContainText(CHARTER_MESSAGES.editWithdrawsApproval('Sponsor Tester'));
  await dialog.getByRole('button', { name: CHARTER_MESSAGES.cancelEditing }).click();
  await expect(dialog).toBeHidden();
  await expect(problem).not.toBeFocused();
  await problem.click();
  await dialog.getByRole('button', { name: CHARTER_MESSAGES.continueEditing }).click();
  await expect(dialog).toBeHidden();
  await expect(problem).toBeFocused();
  await page.keyboard.type('Trials stall after the first week.');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  await expect(page.getByRole('checkbox', { name: 'Approve the charter' })).not.toBeChecked();
  await expect(history.getByRole('listitem').first()).toHaveText(
    /^Owner Tester changed Problem statement, which withdrew the approval/,
  );
  const mail = await app.smtp.waitFor(sponsor.email, /approval withdrawn$/);
  expect(mail.text).toContain(
    'Owner Tester changed Problem statement in the charter of "Self-serve onboarding"',
  );
  expect(mail.links).toContain(`${app.baseURL}/initiative-charter/${initiativeId}`);

  // No approval is left to withdraw: further edits do not ask.
  await page.getByRole('textbox', { name: 'Impact' }).click();
  await page.keyboard.type('Twice the invitations.');
  await expect(dialog).toBeHidden();
});

test('a team member sees the charter read-only', async ({ page, app }) => {
  const { owner, member, initiativeId } = await charterWithTeam(app);
  await apiCall(app, '/timeline/create/', {
    method: 'POST',
    body: {
      initiative: initiativeId,
      description: 'Pilot',
      start_date: '2027-01-04',
      end_date: '2027-02-26',
    },
    token: owner.token,
  });

  await logInBrowser(page, member);
  await page.goto(`/initiative-charter/${initiativeId}`);
  const problem = page.getByRole('textbox', { name: 'Problem statement' });
  await expect(problem).toHaveAttribute('aria-readonly', 'true');
  await problem.hover();
  await expect(page.getByRole('tooltip')).toHaveText(MESSAGES.noPermission);
  await expect(page.getByRole('textbox', { name: 'Work plan' })).toHaveAttribute('aria-readonly', 'true');
  await expect(page.getByRole('textbox', { name: 'Description of timeline row 1' })).toHaveAttribute(
    'aria-readonly',
    'true',
  );
  await expect(page.getByRole('group', { name: 'Start date of timeline row 1' })).toContainText('01/04/2027');
  await expect(page.getByRole('button', { name: 'Add row' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await expect(page.getByRole('checkbox', { name: 'Approve the charter' })).toBeDisabled();
  const request = page.getByRole('button', { name: CHARTER_MESSAGES.sendApprovalRequest });
  await expect(request).toBeDisabled();
  await request.locator('..').hover();
  await expect(page.getByRole('tooltip', { name: CHARTER_MESSAGES.cannotRequestApproval })).toBeVisible();
  await screenshot(page, 'member');
});

test('an unknown initiative shows the not-found page', async ({ page, app }) => {
  const someone = await createUser(app, 'Lost');
  await logInBrowser(page, someone);
  await page.goto('/initiative-charter/999999');
  await expect(page.getByText('There is no page at this address.')).toBeVisible();
});

test('a charter field the owner edits is locked for the sponsor, who sees the text and the new row live', async ({
  browser,
  app,
}) => {
  const { owner, sponsor, initiativeId } = await charterWithTeam(app);
  const open = async (user: ApiUser) => {
    const context = await browser.newContext({ baseURL: app.baseURL });
    const page = await context.newPage();
    await logInBrowser(page, user);
    await page.goto(`/initiative-charter/${initiativeId}`);
    await expect(page.getByText(/No milestones yet/)).toBeVisible();
    return { context, page };
  };
  const asOwner = await open(owner);
  const asSponsor = await open(sponsor);
  const impact = (page: Page) => page.getByRole('textbox', { name: 'Impact' });

  await impact(asOwner.page).click();
  await expect(impact(asSponsor.page)).toHaveAttribute('aria-readonly', 'true');
  await impact(asSponsor.page).hover();
  await expect(
    asSponsor.page.getByRole('tooltip', { name: MESSAGES.fieldLockedBy('Owner Tester') }),
  ).toBeVisible();
  await impact(asOwner.page).pressSequentially('Twice as many trials convert.');
  await expect(impact(asSponsor.page)).toHaveText('Twice as many trials convert.');

  // Leaving the field frees it; a row the owner adds appears on the sponsor's page.
  await asOwner.page.getByRole('button', { name: 'Add row' }).click();
  await expect(impact(asSponsor.page)).toHaveAttribute('aria-readonly', 'false');
  await expect(asSponsor.page.getByRole('row', { name: 'timeline row 1' })).toBeVisible();
  await asOwner.context.close();
  await asSponsor.context.close();
});
