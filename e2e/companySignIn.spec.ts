/**
 * Company sign-in (issue 31) in a real browser against a real OpenID provider on this machine
 * (panva's oidc-provider, testing/oidcProvider.ts): an administrator connects the organisation's
 * provider on /organisation, people sign in through it and join by their domain, the
 * organisation requires single sign-on (passwords refused, the break-glass administrator keeps
 * password and code) and then two-factor (a member is led to set it up right after signing in).
 * The journeys build on each other, so they run in order, in an organisation of their own.
 */
import {
  MEMBER_SIGN_IN_LABELS,
  type Member,
  MFA_POLICY_LABELS,
  MFA_POLICY_OPTION_LABELS,
  SSO_JOIN_RULE_LABELS,
  SSO_LOGIN_LABELS,
  SSO_MESSAGES,
  SSO_SETTINGS_LABELS,
  type TotpSetup,
} from '@keystone/contract';
import type { Page } from '@playwright/test';
import { TestOidcProvider } from '../testing/oidcProvider';
import { expect, test } from './fixtures';
import {
  type ApiUser,
  apiCall,
  inviteAndSignUp,
  inviteTokenOf,
  logInBrowser,
  signUpInvited,
} from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';
import { expectLoggedIn, passwordStep } from './helpers/login';
import { awayFromStepEdge, codeFor } from './helpers/totp';

test.describe.configure({ mode: 'serial' });

const DOMAIN = 'acme-sso.test';
const CLIENT = { client_id: 'keystone-e2e', client_secret: 'e2e-provider-secret-0123456789' };
const NEWCOMER = `newcomer@${DOMAIN}`;

let provider: TestOidcProvider;
/** The organisation's first person, so its administrator (signed up with a password). */
let admin: ApiUser;
/** A member who signed up with a password before the organisation required single sign-on. */
let member: ApiUser;
/** The administrator's authenticator key, once two-factor is on. */
let adminSecret = '';

test.beforeAll(async ({ workerApp: app }) => {
  provider = new TestOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${app.baseURL}/login/sso`] }],
    accounts: [
      // Signed in with a password only at the provider: one factor.
      {
        sub: 'founder-0001',
        email: app.companyInviteEmail,
        given_name: 'Founder',
        family_name: 'Tester',
        amr: ['pwd'],
      },
      { sub: 'newcomer-0002', email: NEWCOMER, given_name: 'Nora', family_name: 'Newcomer', amr: ['pwd'] },
    ],
  });
  await provider.start();
  admin = await signUpInvited(app, app.companyInviteEmail, 'Founder', inviteTokenOf(app.companyInviteLink));
  member = await inviteAndSignUp(app, admin, `pat@${DOMAIN}`, 'Pat');
});

test.afterAll(async ({ workerApp: app }) => {
  // The other journeys share this server: no organisation signs in through a provider after these.
  await apiCall(app, '/organisation/', {
    method: 'PATCH',
    body: { mfa_required: 'off' },
    token: admin.token,
  });
  await apiCall(app, '/organisation/sso/', { method: 'DELETE', token: admin.token });
  await provider.stop();
});

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** From /login through the provider's sign-in page and back to /login/sso, as `email`. */
async function signInThroughProvider(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: SSO_LOGIN_LABELS.continueWithSso }).click();
  await page.getByLabel(SSO_LOGIN_LABELS.workEmail).fill(email);
  await page.getByRole('button', { name: SSO_LOGIN_LABELS.continue, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

function ssoForm(page: Page) {
  return page.getByRole('form', { name: SSO_SETTINGS_LABELS.heading });
}

test('an administrator connects the organisation to its provider on /organisation', async ({ page, app }) => {
  await logInBrowser(page, admin);
  await page.goto('/organisation');
  await expect(page.getByText(SSO_SETTINGS_LABELS.notConfigured)).toBeVisible();
  // The redirect URI to register at the provider, shown before anything is saved.
  await expect(page.getByText(`${app.baseURL}/login/sso`, { exact: true })).toBeVisible();
  const section = ssoForm(page);

  // A provider that does not answer is refused, saying what failed.
  const unreachable = 'http://127.0.0.1:9/';
  await section.getByLabel(SSO_SETTINGS_LABELS.issuerField).fill(unreachable);
  await section.getByLabel(SSO_SETTINGS_LABELS.clientIdField).fill(CLIENT.client_id);
  await section.getByLabel(SSO_SETTINGS_LABELS.clientSecretField).fill(CLIENT.client_secret);
  await section.getByLabel(SSO_SETTINGS_LABELS.domainsField).fill(DOMAIN);
  await section.getByRole('radio', { name: SSO_JOIN_RULE_LABELS.domain }).check();
  await section.getByRole('button', { name: SSO_SETTINGS_LABELS.save }).click();
  await expect(section.getByText(/^Could not fetch /)).toBeVisible();

  await section.getByLabel(SSO_SETTINGS_LABELS.issuerField).fill(provider.issuer);
  await section.getByRole('button', { name: SSO_SETTINGS_LABELS.save }).click();
  await expect(page.getByRole('status').filter({ hasText: SSO_MESSAGES.settingsSaved })).toBeVisible();
  await expectNoAxeViolations(page);

  // Read back after a reload: the secret is never shown again, only that one is stored.
  await page.reload();
  await expect(section.getByLabel(SSO_SETTINGS_LABELS.issuerField)).toHaveValue(provider.issuer);
  await expect(section.getByText(SSO_SETTINGS_LABELS.secretStored)).toBeVisible();
  await expect(section.getByText(CLIENT.client_secret)).toHaveCount(0);
});

test('the administrator signs in through the provider', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: SSO_LOGIN_LABELS.continueWithSso }).click();
  await expect(page.getByLabel(SSO_LOGIN_LABELS.workEmail)).toBeFocused();
  await expectNoAxeViolations(page);

  // An address no organisation signs in for is told so, revealing nothing else.
  await page.getByLabel(SSO_LOGIN_LABELS.workEmail).fill('someone@elsewhere.test');
  await page.getByRole('button', { name: SSO_LOGIN_LABELS.continue, exact: true }).click();
  await expect(page.getByText(SSO_MESSAGES.noSsoForAddress)).toBeVisible();

  await signInThroughProvider(page, admin.email);
  await expectLoggedIn(page);
});

test('someone with an address at the domain joins through the provider', async ({ page, app }) => {
  await signInThroughProvider(page, NEWCOMER);
  await expectLoggedIn(page);

  const members = await apiCall<Member[]>(app, '/organisation/members/', {
    token: admin.token,
  });
  expect(members.find((person) => person.email === NEWCOMER)).toMatchObject({
    name: 'Nora Newcomer',
    is_admin: false,
    sso_linked: true,
    strategies: [],
  });
});

test('single sign-on required: passwords are refused, the break-glass administrator keeps password and code', async ({
  page,
  browser,
  app,
}) => {
  // Break-glass access needs two-factor on: the administrator turns it on (through the API).
  const setup = await apiCall<TotpSetup>(app, '/auth/mfa/totp/setup/', {
    method: 'POST',
    token: admin.token,
  });
  adminSecret = setup.secret;
  await awayFromStepEdge();
  // The previous step's code, so the current one is still unused for the sign-in below.
  await apiCall(app, '/auth/mfa/totp/confirm/', {
    method: 'POST',
    body: { code: codeFor(adminSecret, -1) },
    token: admin.token,
  });

  await logInBrowser(page, admin);
  await page.goto('/organisation');
  const members = page.getByRole('table', { name: 'Members of the organisation' });
  const breakGlass = members.getByRole('switch', {
    name: MEMBER_SIGN_IN_LABELS.breakGlassSwitch('Founder Tester'),
  });
  // The switch shows the saved state: it turns on once the server agreed.
  await breakGlass.click();
  await expect(
    page.getByRole('status').filter({ hasText: SSO_MESSAGES.breakGlassGranted('Founder Tester') }),
  ).toBeVisible();
  await expect(breakGlass).toBeChecked();
  const section = ssoForm(page);
  await section.getByLabel(SSO_SETTINGS_LABELS.requiredField).check();
  await section.getByRole('button', { name: SSO_SETTINGS_LABELS.save }).click();
  await expect(page.getByRole('status').filter({ hasText: SSO_MESSAGES.settingsSaved })).toBeVisible();

  // A member's right password is refused, and the single sign-on button is offered.
  const memberPage = await browser.newPage({ baseURL: app.baseURL });
  await memberPage.goto('/login');
  await memberPage.getByLabel('E-mail').fill(member.email);
  await memberPage.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await memberPage.getByRole('button', { name: 'Log in', exact: true }).click();
  const refusal = memberPage.getByRole('alert').filter({ hasText: SSO_MESSAGES.ssoRequired });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('button', { name: SSO_LOGIN_LABELS.continueWithSso })).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await memberPage.close();

  // The break-glass administrator signs in with password and code.
  const adminPage = await browser.newPage({ baseURL: app.baseURL });
  await passwordStep(adminPage, admin.email, admin.password);
  await awayFromStepEdge();
  await adminPage.getByLabel('Authentication code').fill(codeFor(adminSecret));
  await adminPage.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectLoggedIn(adminPage);
  await adminPage.close();
});

test('two-factor required: a member is led to set it up right after signing in', async ({
  page,
  browser,
  app,
}) => {
  await logInBrowser(page, admin);
  await page.goto('/organisation');
  const policy = page.getByRole('form', { name: MFA_POLICY_LABELS.heading });
  await policy.getByRole('radio', { name: MFA_POLICY_OPTION_LABELS.everyone }).check();
  await policy.getByRole('button', { name: MFA_POLICY_LABELS.save }).click();
  await expect(page.getByRole('status').filter({ hasText: SSO_MESSAGES.mfaPolicySaved })).toBeVisible();

  // The newcomer's provider asked for a password only: one factor, so Keystone's own is due.
  const newcomer = await browser.newPage({ baseURL: app.baseURL });
  await signInThroughProvider(newcomer, NEWCOMER);
  await expect(newcomer.getByText(SSO_MESSAGES.secondFactorSetupRequired)).toBeVisible();
  await expectNoAxeViolations(newcomer);
  // Nothing else opens until it is done.
  await newcomer.goto('/strategies');
  await expect(newcomer.getByText(SSO_MESSAGES.secondFactorSetupRequired)).toBeVisible();

  await newcomer.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const secret = ((await newcomer.getByLabel('Secret key').textContent()) ?? '').replace(/\s+/g, '');
  await awayFromStepEdge();
  await newcomer.getByLabel('Authentication code').fill(codeFor(secret));
  await newcomer.getByRole('button', { name: 'Turn on', exact: true }).click();
  await newcomer.getByRole('button', { name: 'I have saved my codes' }).click();

  await newcomer.goto('/strategies');
  await expect(newcomer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(newcomer.getByText(SSO_MESSAGES.secondFactorSetupRequired)).toHaveCount(0);
  await expectLoggedIn(newcomer);
  await newcomer.close();
});
