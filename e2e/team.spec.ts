/**
 * The strategy team page in a real browser: a strategy master adds someone who is not a user yet
 * as an initiative's owner; the invite arrives over SMTP and the person stays on the team.
 */
import { MESSAGES, STRATEGY_MESSAGES, TEAM_MESSAGES } from '@keystone/contract';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';

test('a strategy master adds a new person as owner, who is invited and stays listed', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Master');
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: { title: 'Team journey' },
    token: master.token,
  });
  await logInBrowser(page, master);
  await page.goto(`/strategy-team/${strategy.id}`);
  await expect(page.getByRole('heading', { name: 'Strategy team for: Team journey' })).toBeVisible();
  await expect(page.getByRole('heading', { name: STRATEGY_MESSAGES.defineFocusArea })).toBeVisible();

  // The help dialog opens and closes from the keyboard.
  await page.getByRole('button', { name: 'Help: Teams' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Teams' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const owner = page.getByRole('combobox', { name: `Owner of ${STRATEGY_MESSAGES.nameYourInitiative}` });
  const newcomer = `newcomer-${Date.now()}@e2e.test`;
  await owner.fill('not-an-address,');
  await expect(page.getByText(MESSAGES.invalidEmail)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await owner.fill(newcomer);
  await owner.press('Enter');
  await expect(page.getByRole('button', { name: newcomer })).toBeVisible();
  // A second new address typed after a first one is added too (it used to throw).
  const team = page.getByRole('combobox', { name: `Team of ${STRATEGY_MESSAGES.nameYourInitiative}` });
  const [first, second] = [`first-${Date.now()}@e2e.test`, `second-${Date.now()}@e2e.test`];
  for (const address of [first, second]) {
    await team.fill(address);
    await team.press('Enter');
  }
  await expect(page.getByRole('button', { name: first })).toBeVisible();
  await expect(page.getByRole('button', { name: second })).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.strategyTeamSaved)).toBeVisible();
  await expect(page.getByText(MESSAGES.strategyTeamSaved)).toBeHidden({ timeout: 6000 });
  const invitation = await app.smtp.waitFor(newcomer, /invited you/);
  expect(invitation.links.some((link) => link.startsWith(`${app.baseURL}/signup?email=`))).toBe(true);

  await page.reload();
  const ownerCell = page.getByRole('combobox', { name: `Owner of ${STRATEGY_MESSAGES.nameYourInitiative}` });
  await expect(ownerCell).toBeVisible();
  await expect(page.getByRole('button', { name: newcomer })).toBeVisible();
  await expect(page.getByRole('button', { name: second })).toBeVisible();

  // Now that the initiative has an owner, the owner field cannot be emptied.
  await ownerCell.click();
  await page.keyboard.press('Backspace');
  await expect(page.getByText(MESSAGES.fieldRequired)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  // With that unsaved change, leaving asks first: the browser's own way out, then a link in the app.
  const unloadAsked = new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await unloadAsked).toBe('beforeunload');
  await page.getByRole('link', { name: 'Keystone' }).click();
  const leave = page.getByRole('dialog', { name: TEAM_MESSAGES.leaveTitle });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(ownerCell).toBeVisible();
  await page.getByRole('link', { name: 'Keystone' }).click();
  await leave.getByRole('button', { name: TEAM_MESSAGES.leave }).click();
  await expect(page).toHaveURL(/\/strategies\/?$/);
});
