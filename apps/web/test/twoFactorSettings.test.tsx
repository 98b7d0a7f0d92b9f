import { MFA_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeCall, fakeServer, ok, renderApp } from './renderApp';

const details = {
  id: 7,
  name: 'Anna Smith',
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Smith',
  business_title: 'COO',
  is_admin: false,
};
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Keystone:anna%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const codes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

describe('two-factor authentication on /profile-settings', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function startServer(enabled: { value: boolean }) {
    return fakeServer({
      'GET /api/get-user-details/': ok(details),
      'GET /api/invites/': ok([]),
      'GET /api/auth/mfa/': () => ok({ enabled: enabled.value, recovery_codes_left: enabled.value ? 10 : 0 }),
      'POST /api/auth/mfa/totp/setup/': ok(setup),
      'POST /api/auth/mfa/totp/confirm/': (call: FakeCall) => {
        if ((call.body as { code: string }).code !== '123456') {
          return { status: 400, body: { detail: MFA_MESSAGES.codeInvalid } };
        }
        enabled.value = true;
        return ok({ recovery_codes: codes });
      },
      'POST /api/auth/mfa/disable/': () => {
        enabled.value = false;
        return ok({ detail: MFA_MESSAGES.disabled });
      },
    });
  }

  it('should set up with the QR code and key, confirm, and show the recovery codes once', async () => {
    const enabled = { value: false };
    const { calls } = startServer(enabled);
    renderApp('/profile-settings');
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(setup.qr_svg);
    expect(screen.getByLabelText('Secret key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const field = screen.getByRole('textbox', { name: /Authentication code/ });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(MFA_MESSAGES.codeRequired)).toBeTruthy();
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(MFA_MESSAGES.codeInvalid)).toBeTruthy();
    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByText(MFA_MESSAGES.recoveryCodesWarning)).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/auth/mfa/totp/confirm/').at(-1)?.body).toEqual({
      code: '123456',
    });

    fireEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Recovery codes left: 10')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('should turn off with the password and a code', async () => {
    const enabled = { value: true };
    const { calls } = startServer(enabled);
    renderApp('/profile-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-1!' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Authentication or recovery code/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText(MFA_MESSAGES.disabled)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/mfa/disable/')?.body).toEqual({
      password: 'Secret-1!',
      code: '123456',
    });
    expect(await screen.findByRole('button', { name: 'Turn on two-factor authentication' })).toBeTruthy();
  });
});
