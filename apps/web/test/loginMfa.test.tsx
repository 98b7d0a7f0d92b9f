import { MESSAGES, MFA_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../src/api/session';
import { fakeServer, renderApp } from './renderApp';

const noGoogle = {
  'GET /api/config/': {
    status: 200,
    body: { product_name: 'Keystone', google: null, needs_setup: false, sso: false },
  },
};
const mfaRequired = {
  'POST /api/auth/login/': { status: 200, body: { mfa_required: true, mfa_token: 'token-1' } },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

async function passwordStep() {
  fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: 'anna@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-1!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByRole('textbox', { name: /Authentication code/ });
}

const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

describe('login with two-factor on', () => {
  it('should ask for the code, send it with the token, and store the session', async () => {
    const { calls } = fakeServer({
      ...noGoogle,
      ...mfaRequired,
      'POST /api/auth/login/mfa/': { status: 200, body: { user_id: 4, key: 'key-4' } },
    });
    const { router } = renderApp('/login');
    const field = await passwordStep();
    expect(readSession()).toBeNull();
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(field, { target: { value: '123 456' } });
    verify();
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    expect(readSession()).toEqual({ id: 4, token: 'key-4' });
    expect(calls.filter((call) => call.path === '/api/auth/login/mfa/').map((call) => call.body)).toEqual([
      { mfa_token: 'token-1', code: '123 456' },
    ]);
  });

  it('should check the code before sending it', async () => {
    const { calls } = fakeServer({ ...noGoogle, ...mfaRequired });
    renderApp('/login');
    const field = await passwordStep();
    verify();
    expect(await screen.findByText(MFA_MESSAGES.codeRequired)).toBeTruthy();
    fireEvent.change(field, { target: { value: '12ab' } });
    verify();
    expect(await screen.findByText(MFA_MESSAGES.codeFormat)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/login/mfa/')).toBe(false);
  });

  it("should show the server's message for a wrong code", async () => {
    fakeServer({
      ...noGoogle,
      ...mfaRequired,
      'POST /api/auth/login/mfa/': { status: 400, body: { detail: MFA_MESSAGES.codeInvalid } },
    });
    renderApp('/login');
    fireEvent.change(await passwordStep(), { target: { value: '123456' } });
    verify();
    expect(await screen.findByText(MFA_MESSAGES.codeInvalid)).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it("should refuse a final answer without a key as 'Invalid login response'", async () => {
    fakeServer({
      ...noGoogle,
      ...mfaRequired,
      'POST /api/auth/login/mfa/': { status: 200, body: { user_id: 4 } },
    });
    renderApp('/login');
    fireEvent.change(await passwordStep(), { target: { value: '123456' } });
    verify();
    expect(await screen.findByText(MESSAGES.invalidLoginResponse)).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it("should refuse a first answer with neither a key nor a code request as 'Invalid login response'", async () => {
    fakeServer({ ...noGoogle, 'POST /api/auth/login/': { status: 200, body: { mfa_required: true } } });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.invalidLoginResponse)).toBeTruthy();
  });

  it('should take a recovery code, and go back to the first step when the token expired', async () => {
    const { calls } = fakeServer({
      ...noGoogle,
      ...mfaRequired,
      'POST /api/auth/login/mfa/': { status: 400, body: { detail: MFA_MESSAGES.challengeInvalid } },
    });
    renderApp('/login');
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Recovery code/ }), {
      target: { value: 'abcde-fghij' },
    });
    verify();
    expect(await screen.findByText(MFA_MESSAGES.challengeInvalid)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/login/mfa/')?.body).toEqual({
      mfa_token: 'token-1',
      code: 'abcde-fghij',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('should ask for the code after Google too', async () => {
    sessionStorage.setItem('googleSignInState', 'state-1');
    sessionStorage.setItem('googleSignInVerifier', 'v'.repeat(43));
    sessionStorage.setItem('googleSignInNonce', 'nonce-1');
    fakeServer({
      ...noGoogle,
      'POST /api/auth/social/google': { status: 200, body: { mfa_required: true, mfa_token: 'token-g' } },
    });
    renderApp('/login?code=abc&state=state-1');
    expect(await screen.findByRole('textbox', { name: /Authentication code/ })).toBeTruthy();
    expect(readSession()).toBeNull();
  });
});
