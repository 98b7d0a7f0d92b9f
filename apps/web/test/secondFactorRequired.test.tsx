import { AUTH_CODES, SSO_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { details } from './organisationFixtures';
import { fakeServer, ok, renderApp } from './renderApp';

const setupRequired = {
  status: 403,
  body: { detail: SSO_MESSAGES.secondFactorSetupRequired, code: AUTH_CODES.secondFactorSetupRequired },
};

describe('a session the organisation requires two-factor of', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('should be led to the set-up with the reason, kept there, and let go once it is on', async () => {
    const enabled = { value: false };
    const refusedUntilOn = (answer: unknown) => () => (enabled.value ? ok(answer) : setupRequired);
    fakeServer({
      'GET /api/get-user-details/': ok(details(false)),
      'GET /api/strategies/': refusedUntilOn([]),
      'GET /api/invites/': refusedUntilOn([]),
      'GET /api/auth/mfa/': () => ok({ enabled: enabled.value, recovery_codes_left: enabled.value ? 10 : 0 }),
      'POST /api/auth/mfa/totp/setup/': ok({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Keystone:anna?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
      'POST /api/auth/mfa/totp/confirm/': () => {
        enabled.value = true;
        return ok({ recovery_codes: ['code0-abcde'] });
      },
    });
    const { router } = renderApp('/strategies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-settings'));
    expect(await screen.findByText(SSO_MESSAGES.secondFactorSetupRequired)).toBeTruthy();
    // Only the set-up is offered; anywhere else leads back to it.
    expect(screen.queryByRole('heading', { name: 'Edit profile settings here:' })).toBeNull();
    await router.navigate('/portfolio');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-settings'));

    fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Authentication code/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    // The recovery codes are shown first, however the page around them changes.
    fireEvent.click(await screen.findByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByRole('heading', { name: 'Edit profile settings here:' })).toBeTruthy();
    expect(screen.queryByText(SSO_MESSAGES.secondFactorSetupRequired)).toBeNull();
    await router.navigate('/strategies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
  }, 20_000);
});
