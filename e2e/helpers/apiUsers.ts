/**
 * People for browser tests, made through the API rather than the UI: invite → sign up → verify
 * with the token of the mail received over SMTP and the sign-up's password → log in. For tests whose subject is not the account journey.
 */
import type { Page } from '@playwright/test';
import type { RunningApp } from '../fixtures';

export interface ApiUser {
  id: number;
  token: string;
  email: string;
  password: string;
}

export const API_USER_PASSWORD = 'Helper-pass1!';

interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string;
}

/** One JSON call to the app's API; a failure names the call and the server's answer. */
export async function apiCall<T>(app: RunningApp, path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Token ${options.token}`;
  const response = await fetch(`${app.baseURL}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The invitation token a sign-up link carries (registration needs it). */
export const inviteTokenOf = (signupLink: string) => new URL(signupLink).searchParams.get('invite') ?? '';

/**
 * Signs up an invited address with its invitation's token, follows the verification link from
 * the mail, and logs in.
 */
export async function signUpInvited(
  app: RunningApp,
  email: string,
  firstName: string,
  invite: string,
): Promise<ApiUser> {
  await apiCall(app, '/auth/registration/', {
    method: 'POST',
    body: {
      email,
      password1: API_USER_PASSWORD,
      password2: API_USER_PASSWORD,
      first_name: firstName,
      last_name: 'Tester',
      invite,
    },
  });
  const mail = await app.smtp.waitFor(email, /Confirm your e-mail/);
  const verifyLink = mail.links.find((link) => link.includes('/verify-email/'));
  if (!verifyLink) throw new Error(`no verification link in the mail to ${email}`);
  // The link opens the verification page, which posts the link's token with the sign-up's password.
  const token = new URL(verifyLink).pathname.split('/').pop();
  await apiCall(app, '/auth/registration/verify-email/', {
    method: 'POST',
    body: { key: token, password: API_USER_PASSWORD },
  });
  const login = await apiCall<{ user_id: number; key: string }>(app, '/auth/login/', {
    method: 'POST',
    body: { email, password: API_USER_PASSWORD },
  });
  return { id: login.user_id, token: login.key, email, password: API_USER_PASSWORD };
}

// Per worker (one server per worker): the first person of the helpers' organisation.
const leads = new Map<string, Promise<ApiUser>>();

function organisationLead(app: RunningApp): Promise<ApiUser> {
  let lead = leads.get(app.baseURL);
  if (!lead) {
    lead = signUpInvited(app, app.helperInviteEmail, 'Lead', inviteTokenOf(app.helperInviteLink));
    leads.set(app.baseURL, lead);
  }
  return lead;
}

/**
 * The administrator of the helpers' organisation: its first person, who became its administrator
 * by being the first to sign up (issue 14).
 */
export const organisationAdmin = (app: RunningApp): Promise<ApiUser> => organisationLead(app);

let created = 0;

/** A new, logged-in user in the helpers' organisation, invited by its first person. */
export async function createUser(app: RunningApp, firstName = 'Helper'): Promise<ApiUser> {
  const lead = await organisationLead(app);
  created += 1;
  return inviteAndSignUp(
    app,
    lead,
    `${firstName.toLowerCase()}-${created}-${Date.now()}@e2e.test`,
    firstName,
  );
}

/** Invites `email` into the inviter's organisation, then signs it up from the mail's link and logs in. */
export async function inviteAndSignUp(
  app: RunningApp,
  inviter: ApiUser,
  email: string,
  firstName: string,
): Promise<ApiUser> {
  await apiCall(app, '/invites/create/', { method: 'POST', body: [email], token: inviter.token });
  const invitation = await app.smtp.waitFor(email, /invited you/);
  const signupLink = invitation.links.find((link) => link.includes('/signup?')) ?? '';
  return signUpInvited(app, email, firstName, inviteTokenOf(signupLink));
}

/** Puts the user's session where the app keeps it, so the next page load is logged in. */
export async function logInBrowser(page: Page, user: ApiUser): Promise<void> {
  await page.goto('/login');
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shape.
  const browserStorage = (session: { id: number; token: string }) =>
    (
      globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
    ).localStorage.setItem('user', JSON.stringify(session));
  await page.evaluate(browserStorage, { id: user.id, token: user.token });
}

/** A new person with a strategy of their own titled `title`, logged in on `page`; returns the strategy's id. */
export async function loggedInWithStrategy(
  page: Page,
  app: RunningApp,
  firstName: string,
  title: string,
): Promise<number> {
  const user = await createUser(app, firstName);
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: { title },
    token: user.token,
  });
  await logInBrowser(page, user);
  return strategy.id;
}
