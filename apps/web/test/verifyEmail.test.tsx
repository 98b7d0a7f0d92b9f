import { MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from './renderApp';

const noGoogle = {
  'GET /api/config/': { status: 200, body: { product_name: 'Keystone', google: null, needs_setup: false } },
};
const VERIFY = 'POST /api/auth/registration/verify-email/';

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

describe('verification page', () => {
  it('should send nothing on opening, then the token and password, and go to the login notice', async () => {
    const { calls } = fakeServer({
      ...noGoogle,
      [VERIFY]: { status: 200, body: { detail: MESSAGES.emailVerified } },
    });
    const { router } = renderApp('/verify-email/tok_123-abc');
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await submitPassword('Good-pass1!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?verified=1');
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      key: 'tok_123-abc',
      password: 'Good-pass1!',
    });
  });

  it("should show the server's message and stay when the password is not the sign-up's", async () => {
    fakeServer({ ...noGoogle, [VERIFY]: { status: 400, body: { detail: MESSAGES.signupPasswordMismatch } } });
    const { router } = renderApp('/verify-email/tok');
    await submitPassword('Someone-else1!');
    expect(await screen.findByText(MESSAGES.signupPasswordMismatch)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-email/tok');
  });

  it('should ask for the password before calling the server', async () => {
    const { calls } = fakeServer(noGoogle);
    renderApp('/verify-email/tok');
    await submitPassword('');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('should say the fallback text when the server cannot be reached', async () => {
    fakeServer({ ...noGoogle, [VERIFY]: { status: 502, body: {} } });
    renderApp('/verify-email/tok');
    await submitPassword('Good-pass1!');
    expect(await screen.findByText(MESSAGES.verifyEmailFailed)).toBeTruthy();
  });
});
