/**
 * Issue 28: axe-core's WCAG 2.0/2.1/2.2 A and AA rules on the whole document of every page, once
 * loaded and in each interactive state a person reaches (an editor focused, a dialog, a menu, a
 * picker, an error, the Activity panel): none may be violated. The table below follows the
 * accessibility audit's (one row per page state); a report names the page, the state and each
 * rule broken with the elements it found.
 */
import { MESSAGES } from '@keystone/contract';
import type { Page } from '@playwright/test';
import type { RunningApp } from './fixtures';
import { expect, test } from './fixtures';
import { type ApiUser, apiCall, createUser, logInBrowser, organisationAdmin } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';

/** What the signed-in pages are about: one strategy with one initiative, and a timeline row. */
interface Subject {
  user: ApiUser;
  strategyId: number;
  initiativeId: number;
}

interface PageState {
  name: string;
  /** From the page as loaded to the state (nothing for the loaded state); ends once it shows. */
  reach?: (page: Page) => Promise<void>;
}

interface AuditedPage {
  path: (subject: Subject) => string;
  /** Signed out, or signed in as the subject's user (the organisation's administrator for /organisation). */
  signedIn: false | 'user' | 'admin';
  /** Waits until the page's content has arrived. */
  loaded: (page: Page) => Promise<void>;
  states: PageState[];
}

const INITIATIVE = 'Audited onboarding';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name });

/** Opens a pop-up by its button and waits until it shows. */
const opens = (name: string | RegExp, popup: 'dialog' | 'menu' | 'listbox') => async (page: Page) => {
  await button(page, name).first().click();
  await expect(page.getByRole(popup).first()).toBeVisible();
};

const firstHelpDialog = opens(/^Help: /, 'dialog');
const accountMenu = async (page: Page) => {
  await button(page, /account menu/i).click();
  await expect(button(page, 'Logout')).toBeVisible();
};
const activityPanel = async (page: Page) => {
  await button(page, 'Activity').click();
  await expect(page.getByRole('dialog', { name: 'Activity' })).toBeVisible();
};

const PAGES: Record<string, AuditedPage> = {
  '/login': {
    path: () => '/login',
    signedIn: false,
    loaded: (page) => expect(heading(page, 'Log in')).toBeVisible(),
    states: [
      { name: 'loaded' },
      {
        name: 'error: empty submit',
        reach: async (page) => {
          await button(page, 'Log in').click();
          await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
        },
      },
      {
        name: 'error: wrong password',
        reach: async (page) => {
          await page.getByRole('textbox', { name: 'E-mail' }).fill('nobody-here@e2e.test');
          await page.getByLabel(/^Password/).fill('Not-the-password1!');
          await button(page, 'Log in').click();
          await expect(page.getByRole('alert').filter({ hasText: 'Unable to log in' })).toBeVisible();
        },
      },
    ],
  },
  '/signup': {
    path: () => '/signup',
    signedIn: false,
    loaded: (page) => expect(heading(page, 'Create your account')).toBeVisible(),
    states: [
      { name: 'loaded' },
      {
        name: 'error: invalid input',
        reach: async (page) => {
          await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
          await button(page, 'Sign up').click();
          await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
        },
      },
    ],
  },
  '/forgot-password': {
    path: () => '/forgot-password',
    signedIn: false,
    loaded: (page) => expect(heading(page, 'Forgot your password?')).toBeVisible(),
    states: [
      { name: 'loaded' },
      {
        name: 'error: invalid e-mail',
        reach: async (page) => {
          await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
          await button(page, 'Continue').click();
          await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
        },
      },
    ],
  },
  '/strategies': {
    path: () => '/strategies',
    signedIn: 'user',
    loaded: (page) => expect(heading(page, 'Strategies')).toBeVisible(),
    states: [{ name: 'loaded' }, { name: 'account menu open', reach: accountMenu }],
  },
  '/strategy/{id}': {
    path: ({ strategyId }) => `/strategy/${strategyId}`,
    signedIn: 'user',
    loaded: (page) =>
      expect(page.getByRole('textbox', { name: 'Strategy title' })).toHaveValue('Audited strategy'),
    states: [
      { name: 'loaded' },
      {
        name: 'rich-text editor focused, text selected',
        reach: async (page) => {
          const ambition = page.getByRole('textbox', { name: 'Ambition' });
          await ambition.click();
          await ambition.press('ControlOrMeta+a');
          await expect(ambition).toBeFocused();
        },
      },
      { name: 'help dialog open', reach: firstHelpDialog },
      { name: 'strategy menu open', reach: opens('Strategy menu', 'menu') },
      { name: 'account menu open', reach: accountMenu },
      { name: 'Activity panel open', reach: activityPanel },
      {
        name: 'error: focus-area title emptied',
        reach: async (page) => {
          const title = page.getByRole('textbox', { name: /^Title of focus area/ }).first();
          await title.click();
          await title.press('ControlOrMeta+a');
          await title.press('Backspace');
          // The message is shown, and read as the field's description.
          await expect(title).toHaveAccessibleDescription(
            new RegExp(MESSAGES.fieldEmpty.replace('.', '\\.')),
          );
        },
      },
    ],
  },
  '/strategy-team/{id}': {
    path: ({ strategyId }) => `/strategy-team/${strategyId}`,
    signedIn: 'user',
    loaded: (page) => expect(heading(page, /^Strategy team for:/)).toBeVisible(),
    states: [
      { name: 'loaded' },
      {
        name: 'people picker open',
        reach: async (page) => {
          const picker = page.getByRole('combobox', { name: `Team of ${INITIATIVE}` });
          await picker.click();
          await picker.pressSequentially('Tester');
          await expect(page.getByRole('listbox')).toBeVisible();
        },
      },
    ],
  },
  '/strategy-settings/{id}': {
    path: ({ strategyId }) => `/strategy-settings/${strategyId}`,
    signedIn: 'user',
    loaded: (page) => expect(page.getByRole('group', { name: 'First progress update' })).toBeVisible(),
    states: [
      { name: 'loaded' },
      { name: 'date-time picker open', reach: opens('Choose the first progress update', 'dialog') },
      {
        name: 'error: invalid interval (0)',
        reach: async (page) => {
          const interval = page.getByRole('spinbutton', { name: 'Repeat every' });
          await interval.fill('0');
          await interval.blur();
          await expect(interval).toHaveAttribute('aria-invalid', 'true');
        },
      },
    ],
  },
  '/progress-update/{id}': {
    path: ({ strategyId }) => `/progress-update/${strategyId}`,
    signedIn: 'user',
    loaded: (page) => expect(page.getByRole('combobox', { name: `Status of ${INITIATIVE}` })).toBeVisible(),
    states: [
      { name: 'loaded' },
      {
        name: 'status select open',
        reach: async (page) => {
          await page.getByRole('combobox', { name: `Status of ${INITIATIVE}` }).click();
          await expect(page.getByRole('listbox')).toBeVisible();
        },
      },
      {
        name: 'due-date menu open',
        reach: async (page) => {
          await page.getByRole('combobox', { name: /^Due Date/ }).click();
          await expect(page.getByRole('listbox')).toBeVisible();
        },
      },
      {
        name: 'comment editor focused',
        reach: async (page) => {
          const comment = page.getByRole('textbox', { name: `Progress of ${INITIATIVE}` });
          await comment.click();
          await expect(comment).toBeFocused();
        },
      },
      { name: 'Activity panel open', reach: activityPanel },
    ],
  },
  '/initiative-charter/{id}': {
    path: ({ initiativeId }) => `/initiative-charter/${initiativeId}`,
    signedIn: 'user',
    loaded: (page) => expect(heading(page, INITIATIVE)).toBeVisible(),
    states: [
      { name: 'loaded' },
      {
        name: 'rich-text field focused',
        reach: async (page) => {
          const problem = page.getByRole('textbox', { name: 'Problem statement' });
          await problem.click();
          await expect(problem).toBeFocused();
        },
      },
      { name: 'help dialog open', reach: firstHelpDialog },
      { name: 'timeline date picker open', reach: opens('Choose start date of timeline row 1', 'dialog') },
    ],
  },
  '/profile-settings': {
    path: () => '/profile-settings',
    signedIn: 'user',
    loaded: (page) => expect(heading(page, 'Profile settings')).toBeVisible(),
    states: [
      { name: 'loaded' },
      {
        name: 'two-factor setup open',
        reach: async (page) => {
          await button(page, 'Turn on two-factor authentication').click();
          await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
        },
      },
      {
        name: 'calendar address shown once',
        reach: async (page) => {
          await button(page, 'Get a calendar address').click();
          await expect(page.getByText(/\/api\/calendar\/feed\/kst_cal_/)).toBeVisible();
        },
      },
      {
        name: 'error: change password invalid',
        reach: async (page) => {
          const form = page.getByRole('form', { name: 'Change password' });
          await form.getByLabel(/^New password/).fill('short');
          await form.getByRole('button', { name: 'Change password' }).click();
          await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
        },
      },
    ],
  },
  '/organisation': {
    path: () => '/organisation',
    signedIn: 'admin',
    loaded: (page) => expect(heading(page, 'Organisation')).toBeVisible(),
    states: [{ name: 'loaded' }],
  },
  '/portfolio': {
    path: () => '/portfolio',
    signedIn: 'user',
    loaded: (page) => expect(page.getByRole('link', { name: 'Audited strategy' })).toBeVisible(),
    states: [{ name: 'loaded' }],
  },
  '/accessibility': {
    path: () => '/accessibility',
    signedIn: false,
    loaded: (page) => expect(heading(page, 'Keystone Accessibility Conformance Report')).toBeVisible(),
    states: [{ name: 'loaded' }],
  },
  // The pages a mailed or printed link opens, and the one phones are sent to; a link that is not
  // (or no longer) valid is what they show when tried from outside the journey that made it.
  ...Object.fromEntries(
    [
      '/reset-password/MQ/not-a-real-token',
      '/verify-email/not-a-real-token',
      '/signup-complete',
      '/setup/not-a-real-token',
      '/mobile-warning',
    ].map((path): [string, AuditedPage] => [
      path,
      {
        path: () => path,
        signedIn: false,
        loaded: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
        states: [{ name: 'loaded' }],
      },
    ]),
  ),
  'not found': {
    path: () => '/no-such-page',
    signedIn: 'user',
    loaded: (page) => expect(page).toHaveTitle(/^Not found/),
    states: [{ name: 'loaded' }],
  },
};

/** A strategy of the user's own, with texts in every field and a timeline row on its initiative. */
async function makeSubject(app: RunningApp): Promise<Subject> {
  const user = await createUser(app, 'Auditor');
  const call = (path: string, method: 'POST' | 'PATCH', body: unknown) =>
    apiCall(app, path, { method, body, token: user.token });
  const strategy = (await call('/strategy/create/', 'POST', {
    title: 'Audited strategy',
    ambition: '<p>Every page reads well with any tool.</p>',
  })) as { id: number; focus_areas: { id: number; initiatives: { id: number }[] }[] };
  const focusArea = strategy.focus_areas[0]!;
  const initiativeId = focusArea.initiatives[0]!.id;
  await call(`/focusarea/update/${focusArea.id}/`, 'PATCH', { title: '<p>Access for all</p>' });
  await call(`/initiative/update/${initiativeId}/`, 'PATCH', { title: `<p>${INITIATIVE}</p>` });
  await call('/timeline/create/', 'POST', { initiative: initiativeId });
  return { user, strategyId: strategy.id, initiativeId };
}

let subject: Promise<Subject> | undefined;

// One test per page and a step per state: a failing state is reported without stopping the others.
for (const [route, audited] of Object.entries(PAGES)) {
  test(`axe finds no WCAG A/AA violation on ${route}`, async ({ page, app }) => {
    subject ??= makeSubject(app);
    const about = await subject;
    if (audited.signedIn === 'user') await logInBrowser(page, about.user);
    if (audited.signedIn === 'admin') await logInBrowser(page, await organisationAdmin(app));
    for (const state of audited.states) {
      await test.step(state.name, async () => {
        await page.goto(audited.path(about));
        await audited.loaded(page);
        await state.reach?.(page);
        expect.soft(await axeViolations(page), `${route}, ${state.name}`).toEqual([]);
      });
    }
  });
}
