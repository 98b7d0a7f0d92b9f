import { AUTH_CODES, SSO_LOGIN_LABELS, SSO_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../src/api/session';
import { fakeServer, ok, renderApp } from './renderApp';

const config = (sso: boolean) => ({
  'GET /api/config/': ok({ product_name: 'Keystone', google: null, needs_setup: false, sso }),
});
const SECRET_KEY = 'keystone:ssoAttemptSecret';
const PROVIDER_URL = 'http://127.0.0.1:4000/auth?client_id=keystone&state=s1';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

/** The browser leaving for the provider, recorded instead. */
function stubNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

async function startSso(email: string) {
  fireEvent.click(await screen.findByRole('button', { name: SSO_LOGIN_LABELS.continueWithSso }));
  const field = await screen.findByLabelText(new RegExp(`^${SSO_LOGIN_LABELS.workEmail}`));
  await waitFor(() => expect(document.activeElement).toBe(field));
  fireEvent.change(field, { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: SSO_LOGIN_LABELS.continue }));
}

describe('/login: continue with single sign-on', () => {
  it('should not be offered when no organisation has a provider', async () => {
    fakeServer(config(false));
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(screen.queryByText('or')).toBeNull());
    expect(screen.queryByRole('button', { name: SSO_LOGIN_LABELS.continueWithSso })).toBeNull();
  });

  it('should start with the work address, keep the attempt secret in this tab and go to the provider', async () => {
    const assign = stubNavigation();
    const { calls } = fakeServer({
      ...config(true),
      'POST /api/auth/sso/start/': ok({ authorization_url: PROVIDER_URL, attempt_secret: 'secret-1' }),
    });
    renderApp('/login');
    await startSso('anna@acme.example');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER_URL));
    expect(calls.find((call) => call.path === '/api/auth/sso/start/')?.body).toEqual({
      email: 'anna@acme.example',
    });
    expect(sessionStorage.getItem(SECRET_KEY)).toBe('secret-1');
    expect(screen.getByRole('button', { name: SSO_LOGIN_LABELS.redirecting })).toBeTruthy();
  });

  it('should say when no provider signs in for the address, and ask nothing for an empty one', async () => {
    const assign = stubNavigation();
    const { calls } = fakeServer({
      ...config(true),
      'POST /api/auth/sso/start/': { status: 400, body: { detail: SSO_MESSAGES.noSsoForAddress } },
    });
    renderApp('/login');
    await startSso('');
    expect(await screen.findByText(SSO_MESSAGES.startEmailRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/sso/start/')).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Work e-mail/), { target: { value: 'anna@other.example' } });
    fireEvent.click(screen.getByRole('button', { name: SSO_LOGIN_LABELS.continue }));
    const refusal = await screen.findByText(SSO_MESSAGES.noSsoForAddress);
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SECRET_KEY)).toBeNull();
    // Focus moves to why, and the way back to the password form is offered.
    await waitFor(() => expect(refusal.closest('[role="alert"]')).toBe(document.activeElement));
    fireEvent.click(screen.getByRole('button', { name: SSO_LOGIN_LABELS.backToLogin }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('should answer a password refused for single sign-on with the way to it, keeping the address', async () => {
    fakeServer({
      ...config(true),
      'POST /api/auth/login/': {
        status: 403,
        body: { detail: SSO_MESSAGES.ssoRequired, code: AUTH_CODES.ssoRequired },
      },
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: 'anna@acme.example' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = (await screen.findByText(SSO_MESSAGES.ssoRequired)).closest('[role="alert"]');
    expect(alert).toBeTruthy();
    fireEvent.click(
      screen.getAllByRole('button', { name: SSO_LOGIN_LABELS.continueWithSso })[0] as HTMLElement,
    );
    const field = await screen.findByLabelText(/^Work e-mail/);
    expect((field as HTMLInputElement).value).toBe('anna@acme.example');
    expect(readSession()).toBeNull();
  });
});

describe('/login/sso: back from the provider', () => {
  const back = '/login/sso?code=code-1&state=state-1&iss=http%3A%2F%2F127.0.0.1%3A4000';

  it('should finish with the code, state, issuer and this tab’s secret, then sign in', async () => {
    sessionStorage.setItem(SECRET_KEY, 'secret-1');
    const { calls } = fakeServer({
      'POST /api/auth/sso/callback/': ok({ user_id: 9, key: 'key-9' }),
      'GET /api/strategies/': ok([]),
    });
    const { router } = renderApp(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    expect(readSession()).toEqual({ id: 9, token: 'key-9' });
    expect(calls.filter((call) => call.path === '/api/auth/sso/callback/').map((call) => call.body)).toEqual([
      { state: 'state-1', code: 'code-1', iss: 'http://127.0.0.1:4000', attempt_secret: 'secret-1' },
    ]);
    expect(sessionStorage.getItem(SECRET_KEY)).toBeNull();
  });

  it('should pass on the provider’s refusal and show the server’s words with the way back', async () => {
    sessionStorage.setItem(SECRET_KEY, 'secret-1');
    const refusal = SSO_MESSAGES.providerRefused('access denied');
    const { calls } = fakeServer({
      'POST /api/auth/sso/callback/': { status: 403, body: { detail: refusal } },
    });
    const { router } = renderApp(
      '/login/sso?error=access_denied&error_description=access+denied&state=state-1',
    );
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/sso/callback/')?.body).toEqual({
      state: 'state-1',
      error: 'access_denied',
      error_description: 'access denied',
      attempt_secret: 'secret-1',
    });
    // The address no longer holds what the provider sent.
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByRole('link', { name: SSO_LOGIN_LABELS.backToLogin }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readSession()).toBeNull();
  });

  it('should ask for the two-factor code when the server wants it', async () => {
    sessionStorage.setItem(SECRET_KEY, 'secret-1');
    const { calls } = fakeServer({
      'POST /api/auth/sso/callback/': ok({ mfa_required: true, mfa_token: 'token-1' }),
      'POST /api/auth/login/mfa/': ok({ user_id: 9, key: 'key-9' }),
      'GET /api/strategies/': ok([]),
    });
    const { router } = renderApp(back);
    const field = await screen.findByRole('textbox', { name: /Authentication code/ });
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    expect(readSession()).toEqual({ id: 9, token: 'key-9' });
    expect(calls.find((call) => call.path === '/api/auth/login/mfa/')?.body).toEqual({
      mfa_token: 'token-1',
      code: '123456',
    });
  });

  it('should not send an attempt this tab did not start, nor one without its state', async () => {
    const { calls } = fakeServer({});
    renderApp(back);
    expect(await screen.findByText(SSO_MESSAGES.attemptExpired)).toBeTruthy();
    cleanup();
    sessionStorage.setItem(SECRET_KEY, 'secret-1');
    renderApp('/login/sso?code=code-1');
    expect(await screen.findByText(SSO_MESSAGES.attemptExpired)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/sso/callback/')).toBe(false);
  });
});
