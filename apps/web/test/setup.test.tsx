import { MESSAGES, ORGANISATION_MESSAGES, SESSION_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../src/api/session';
import { fakeServer, ok, renderApp } from './renderApp';

const PASSWORD = 'Quartz-lantern8?';
const config = (needsSetup: boolean) => ({
  'GET /api/config/': ok({ product_name: 'Keystone', google: null, needs_setup: needsSetup, sso: false }),
});
// A token as the server prints it: 43 base64url characters.
const TOKEN = 'tok1'.padEnd(43, 'x');
const LINK = `GET /api/setup/${TOKEN}/`;
const SETUP = 'POST /api/setup/';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function fillForm(password = PASSWORD) {
  const fields: Array<[RegExp, string]> = [
    [/^Organisation name/, 'Northwind Traders'],
    [/^First name/, 'Grace'],
    [/^Last name/, 'Hopper'],
    [/^E-mail/, 'grace@northwind.test'],
    [/^Password/, password],
    [/^Repeat password/, password],
  ];
  for (const [label, value] of fields) {
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });
  }
  fireEvent.submit((await screen.findByLabelText(/^Repeat password/)).closest('form')!);
}

describe('setup page', () => {
  it('should check the link, then create the organisation and land logged in on /strategies', async () => {
    const { calls } = fakeServer({
      ...config(true),
      [LINK]: ok({ valid: true }),
      [SETUP]: { status: 201, body: { user_id: 7, key: 'key-7' } },
      'GET /api/strategies/': ok([]),
    });
    const { router } = renderApp(`/setup/${TOKEN}`);
    await fillForm();
    // The form appeared only once the link had been checked.
    expect(calls.some((call) => call.path === `/api/setup/${TOKEN}/`)).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    expect(readSession()).toEqual({ id: 7, token: 'key-7' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: TOKEN,
      organisation_name: 'Northwind Traders',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@northwind.test',
      password1: PASSWORD,
      password2: PASSWORD,
    });
  });

  it('should call a link copied with the log line\'s trailing "} not recognised, without asking the server', async () => {
    const { calls } = fakeServer({ ...config(true), [LINK]: ok({ valid: true }) });
    renderApp(`/setup/${TOKEN}%22%7D`);
    expect(await screen.findByText(ORGANISATION_MESSAGES.setupLinkMangled)).toBeTruthy();
    expect(screen.queryByText(/restart the server/)).toBeNull();
    expect(screen.queryByLabelText(/^Organisation name/)).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/setup/'))).toBe(false);
  });

  it('should say so when the link no longer works, with no form', async () => {
    fakeServer({ ...config(false), [LINK]: ok({ valid: false }) });
    renderApp(`/setup/${TOKEN}`);
    expect(await screen.findByText(ORGANISATION_MESSAGES.setupLinkInvalid)).toBeTruthy();
    expect(screen.queryByLabelText(/^Organisation name/)).toBeNull();
  });

  it("should show the server's field errors under the fields and its refusal of a used link", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        detail: SESSION_MESSAGES.passwordTooCommon,
        errors: { password1: [SESSION_MESSAGES.passwordTooCommon] },
      },
    };
    fakeServer({
      ...config(true),
      [LINK]: ok({ valid: true }),
      [SETUP]: () => answer,
    });
    const { router } = renderApp(`/setup/${TOKEN}`);
    await fillForm();
    const password = await screen.findByLabelText(/^Password/);
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(SESSION_MESSAGES.passwordTooCommon).length).toBeGreaterThan(0);

    answer = { status: 400, body: { detail: ORGANISATION_MESSAGES.setupLinkInvalid } };
    await fillForm('Quartz-lantern9?');
    expect(await screen.findByText(ORGANISATION_MESSAGES.setupLinkInvalid)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/setup/${TOKEN}`);
  });

  it('should check the form before sending it', async () => {
    const { calls } = fakeServer({ ...config(true), [LINK]: ok({ valid: true }) });
    renderApp(`/setup/${TOKEN}`);
    fireEvent.submit((await screen.findByLabelText(/^Organisation name/)).closest('form')!);
    expect(await screen.findByText(ORGANISATION_MESSAGES.organisationNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('login page before setup', () => {
  it('should point to the setup link while no organisation exists', async () => {
    fakeServer(config(true));
    renderApp('/login');
    expect(await screen.findByText(ORGANISATION_MESSAGES.needsSetup)).toBeTruthy();
  });

  it('should not once the organisation exists', async () => {
    fakeServer(config(false));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(ORGANISATION_MESSAGES.needsSetup)).toBeNull();
  });
});
