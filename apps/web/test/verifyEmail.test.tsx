import { MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from './renderApp';

const noGoogle = {
  'GET /api/config/': {
    status: 200,
    body: { product_name: 'Keystone', google: null, needs_setup: false, sso: false },
  },
};
const VERIFY = 'POST /api/auth/registration/verify-email/';
// Tokens as the server mails them: 43 base64url characters.
const TOKEN = 'tok_123-abc'.padEnd(43, 'x');
const OTHER = 'tok'.padEnd(43, 'y');
const EMAIL = 'ada@example.com';
const linkState = (
  token: string,
  state: 'pending' | 'verified' | 'invalid',
  email: string | null = EMAIL,
) => ({
  [`GET /api/auth/registration/verify-email/${token}/`]: { status: 200, body: { state, email } },
});
const pending = { ...linkState(TOKEN, 'pending'), ...linkState(OTHER, 'pending') };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function submitPassword(password: string) {
  const field = await screen.findByLabelText(/^Password/);
  fireEvent.change(field, { target: { value: password } });
  // Enter in the field submits, like the button.
  fireEvent.submit(field.closest('form')!);
}

describe('sign-up page', () => {
  it('should tell someone who came without an invitation link to use the one in their mail', async () => {
    fakeServer(noGoogle);
    renderApp('/signup');
    expect(await screen.findByText(MESSAGES.signupNeedsInviteLink)).toBeTruthy();
  });

  it('should not say so on the invitation link', async () => {
    fakeServer(noGoogle);
    renderApp('/signup?email=ada%40example.com&invite=inv-1');
    expect(await screen.findByLabelText(/^First name/)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.signupNeedsInviteLink)).toBeNull();
  });
});

describe('verification page', () => {
  it('should send nothing on opening, then the token and password, and go to the login notice', async () => {
    const { calls } = fakeServer({
      ...noGoogle,
      ...pending,
      [VERIFY]: { status: 200, body: { detail: MESSAGES.emailVerified } },
    });
    const { router } = renderApp(`/verify-email/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    await screen.findByLabelText(/^Password/);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await submitPassword('Good-pass1!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('verified')).toBe('1');
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      key: TOKEN,
      password: 'Good-pass1!',
    });
    // The login form starts with the address just verified.
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe(EMAIL);
  });

  it('should verify without the password in the browser that signed up', async () => {
    const { calls } = fakeServer({
      ...noGoogle,
      ...pending,
      'POST /api/auth/registration/': {
        status: 201,
        body: { detail: MESSAGES.registrationDone, browser_secret: 'secret-1' },
      },
      [VERIFY]: { status: 200, body: { detail: MESSAGES.emailVerified } },
    });
    const { router } = renderApp(`/signup?email=${encodeURIComponent(EMAIL)}&invite=inv-1`);
    const fill = async (label: RegExp, value: string) =>
      fireEvent.change(await screen.findByLabelText(label), { target: { value } });
    await fill(/^First name/, 'Ada');
    await fill(/^Last name/, 'Lovelace');
    await fill(/^Password/, 'Good-pass1!');
    await fill(/^Repeat password/, 'Good-pass1!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup-complete'));

    await router.navigate(`/verify-email/${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('verify-email/'))).toEqual([
      expect.objectContaining({ body: { key: TOKEN, browser_secret: 'secret-1' } }),
    ]);
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeTruthy();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe(EMAIL);
    expect(localStorage.getItem(`signupSecret:${EMAIL}`)).toBeNull();
  });

  it("should ask for the password when this browser's secret is refused", async () => {
    localStorage.setItem(`signupSecret:${EMAIL}`, 'stale-secret');
    fakeServer({
      ...noGoogle,
      ...pending,
      [VERIFY]: { status: 400, body: { detail: MESSAGES.signupBrowserUnknown } },
    });
    renderApp(`/verify-email/${TOKEN}`);
    expect(await screen.findByLabelText(/^Password/)).toBeTruthy();
  });

  it('should say a used link of a verified account is verified, offering log-in with the address', async () => {
    const { calls } = fakeServer({ ...noGoogle, ...linkState(TOKEN, 'verified') });
    const { router } = renderApp(`/verify-email/${TOKEN}`);
    expect(await screen.findByText(MESSAGES.emailAlreadyVerified)).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByText(/sign up again/i)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(((await screen.findByLabelText(/^E-mail/)) as HTMLInputElement).value).toBe(EMAIL);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('should say an expired or unknown link is invalid, without a password form', async () => {
    fakeServer({ ...noGoogle, ...linkState(TOKEN, 'invalid', null) });
    renderApp(`/verify-email/${TOKEN}`);
    expect(await screen.findByText(MESSAGES.verificationLinkInvalid)).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it("should show the server's message and stay when the password is not the sign-up's", async () => {
    fakeServer({
      ...noGoogle,
      ...pending,
      [VERIFY]: { status: 400, body: { detail: MESSAGES.signupPasswordMismatch } },
    });
    const { router } = renderApp(`/verify-email/${OTHER}`);
    await submitPassword('Someone-else1!');
    expect(await screen.findByText(MESSAGES.signupPasswordMismatch)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/verify-email/${OTHER}`);
  });

  it('should ask for the password before calling the server', async () => {
    const { calls } = fakeServer({ ...noGoogle, ...pending });
    renderApp(`/verify-email/${OTHER}`);
    await submitPassword('');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('should say the fallback text when the server cannot be reached', async () => {
    fakeServer({ ...noGoogle, ...pending, [VERIFY]: { status: 502, body: {} } });
    renderApp(`/verify-email/${OTHER}`);
    await submitPassword('Good-pass1!');
    expect(await screen.findByText(MESSAGES.verifyEmailFailed)).toBeTruthy();
  });
});
