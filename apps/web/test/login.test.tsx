import { MESSAGES } from '@keystone/contract';
import { usersApi } from '@keystone/contract/endpoints/users';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, ResponseShapeError } from '../src/api/client';
import { loginErrorMessage } from '../src/api/errorMessages';
import { readSession, saveSession } from '../src/api/session';
import { fakeServer, renderApp } from './renderApp';

const noGoogle = {
  'GET /api/config/': {
    status: 200,
    body: { product_name: 'Keystone', google: null, needs_setup: false, sso: false },
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function submitLogin(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('loginErrorMessage', () => {
  it('should map each kind of failure to the spec text', () => {
    expect(loginErrorMessage(new ApiError(403, 'Forbidden'))).toBe(MESSAGES.inviteOnly);
    expect(loginErrorMessage(new ApiError(400, 'Wrong password'))).toBe('Wrong password');
    expect(loginErrorMessage(new ApiError(500, null))).toBe(MESSAGES.loginFailed);
    expect(loginErrorMessage(new ApiError(0, null))).toBe(MESSAGES.loginFailed);
    expect(loginErrorMessage(new ResponseShapeError('/auth/login/'))).toBe(MESSAGES.invalidLoginResponse);
  });
});

describe('login page', () => {
  it('should show the invite-only message when the server answers 403', async () => {
    fakeServer({ ...noGoogle, 'POST /api/auth/login/': { status: 403, body: { detail: 'Forbidden' } } });
    renderApp('/login');
    await submitLogin('anna@example.com', 'whatever');
    expect(await screen.findByText(MESSAGES.inviteOnly)).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it("should show the server's message for other errors", async () => {
    fakeServer({
      ...noGoogle,
      'POST /api/auth/login/': { status: 400, body: { detail: MESSAGES.wrongCredentials } },
    });
    renderApp('/login');
    await submitLogin('anna@example.com', 'whatever');
    expect(await screen.findByText(MESSAGES.wrongCredentials)).toBeTruthy();
  });

  it("should refuse an answer without a key as 'Invalid login response'", async () => {
    fakeServer({ ...noGoogle, 'POST /api/auth/login/': { status: 200, body: { user_id: 7 } } });
    renderApp('/login');
    await submitLogin('anna@example.com', 'whatever');
    expect(await screen.findByText(MESSAGES.invalidLoginResponse)).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it('should store the session and go to /strategies after a successful login', async () => {
    const { calls } = fakeServer({
      ...noGoogle,
      'POST /api/auth/login/': { status: 200, body: { user_id: 7, key: 'secret-key' } },
    });
    const { router } = renderApp('/login');
    await submitLogin('anna@example.com', 'Str0ng&long');
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    expect(readSession()).toEqual({ id: 7, token: 'secret-key' });
    expect(calls.find((call) => call.path === '/api/auth/login/')?.body).toEqual({
      email: 'anna@example.com',
      password: 'Str0ng&long',
    });
  });

  it('should not call the server when the e-mail is empty', async () => {
    const { calls } = fakeServer(noGoogle);
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/login/')).toBe(false);
  });
});

describe('invalid session', () => {
  it("should drop the stored user on a 403 'Invalid token.' and reload", async () => {
    fakeServer({ 'GET /api/get-user-details/': { status: 403, body: { detail: MESSAGES.invalidToken } } });
    saveSession({ id: 7, token: 'revoked' });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await expect(apiRequest(usersApi.details, {})).rejects.toThrow(ApiError);
    expect(readSession()).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});
