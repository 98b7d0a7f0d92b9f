/**
 * Personal access tokens on screen (issue 32): profile settings makes one (name, access,
 * expiry), shows it once with a copy button, lists mine and revokes one after asking; the
 * organisation page lists whose each token is and revokes it after asking.
 */
import { ACCESS_TOKEN_LABELS, ACCESS_TOKEN_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { details, startServer } from './organisationFixtures';
import { fakeServer, ok, renderApp } from './renderApp';

const token = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  scope: 'read',
  hint: `kst_pat_ab${id}c`,
  created_at: '2026-11-20T09:00:00Z',
  expires_at: '2099-01-01T09:00:00Z',
  last_used_at: null,
  ...extra,
});

describe('Access tokens on /profile-settings', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('should make a token, show it once with its copy button, and revoke one after asking', async () => {
    const tokens = [
      token(1, 'Revenue script', { last_used_at: '2026-11-21T09:00:00Z' }),
      token(2, 'Old export', { expires_at: '2026-01-01T09:00:00Z', scope: 'read_write' }),
    ];
    const { calls } = fakeServer({
      'GET /api/get-user-details/': ok(details(false)),
      'GET /api/invites/': ok([]),
      'GET /api/access-tokens/': () => ok(tokens),
      'POST /api/access-tokens/': ({ body }) => {
        const sent = body as { name: string; scope: string };
        const created = token(3, sent.name, { scope: sent.scope });
        tokens.unshift(created);
        return {
          status: 201,
          body: { detail: ACCESS_TOKEN_MESSAGES.created, token: 'kst_pat_the-secret', access_token: created },
        };
      },
      'DELETE /api/access-tokens/1/': () => {
        tokens.splice(
          tokens.findIndex((listed) => listed.id === 1),
          1,
        );
        return ok({ detail: ACCESS_TOKEN_MESSAGES.revoked });
      },
    });
    renderApp('/profile-settings');
    const table = await screen.findByRole(
      'table',
      { name: ACCESS_TOKEN_LABELS.tokensTable },
      { timeout: 10_000 },
    );
    const old = within(table).getByText('Old export').closest('tr') as HTMLElement;
    expect(within(old).getByText(ACCESS_TOKEN_LABELS.expired)).toBeTruthy();
    expect(within(old).getByText(ACCESS_TOKEN_LABELS.scopeLabels.read_write)).toBeTruthy();
    expect(within(table).getByText('kst_pat_ab1c…')).toBeTruthy();

    const form = within(screen.getByRole('form', { name: ACCESS_TOKEN_LABELS.create }));
    fireEvent.click(form.getByRole('button', { name: ACCESS_TOKEN_LABELS.create }));
    expect(await form.findByText(ACCESS_TOKEN_MESSAGES.nameRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(form.getByLabelText(ACCESS_TOKEN_LABELS.tokenName), { target: { value: 'BI loader' } });
    fireEvent.click(form.getByRole('radio', { name: ACCESS_TOKEN_LABELS.scopeLabels.read_write }));
    fireEvent.change(form.getByLabelText(ACCESS_TOKEN_LABELS.expiryField), { target: { value: '366' } });
    fireEvent.click(form.getByRole('button', { name: ACCESS_TOKEN_LABELS.create }));
    const shown = within(await screen.findByRole('region', { name: ACCESS_TOKEN_LABELS.newToken }));
    expect(shown.getByText(ACCESS_TOKEN_MESSAGES.created)).toBeTruthy();
    expect(shown.getByText('kst_pat_the-secret')).toBeTruthy();
    expect(shown.getByRole('button', { name: ACCESS_TOKEN_LABELS.copyToken })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'BI loader',
      scope: 'read_write',
      expires_in_days: 366,
    });
    fireEvent.click(shown.getByRole('button', { name: ACCESS_TOKEN_LABELS.tokenSaved }));
    await waitFor(() => expect(screen.queryByText('kst_pat_the-secret')).toBeNull());
    expect(await within(table).findByText('BI loader')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: ACCESS_TOKEN_LABELS.revokeButton('Revenue script') }));
    const dialog = await screen.findByRole('dialog', {
      name: ACCESS_TOKEN_LABELS.confirmRevokeTitle('Revenue script'),
    });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: ACCESS_TOKEN_LABELS.revoke }));
    expect(await screen.findByText(ACCESS_TOKEN_MESSAGES.revoked)).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('Revenue script')).toBeNull());
  });
});

describe('Access tokens on /organisation', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  it('should show administrators whose each token is, and revoke one after asking', async () => {
    const tokens = [
      {
        ...token(5, 'Dashboard', { scope: 'read_write' }),
        owner: { id: 8, name: 'Ben Jones', email: 'ben.jones@example.com' },
      },
    ];
    const { calls } = startServer(true, {
      'GET /api/organisation/access-tokens/': () => ok(tokens),
      'DELETE /api/organisation/access-tokens/5/': () => {
        tokens.pop();
        return ok({ detail: ACCESS_TOKEN_MESSAGES.revoked });
      },
    });
    renderApp('/organisation');
    const table = await screen.findByRole(
      'table',
      { name: ACCESS_TOKEN_LABELS.organisationTable },
      { timeout: 10_000 },
    );
    const row = within(table).getByText('Dashboard').closest('tr') as HTMLElement;
    expect(within(row).getByText('Ben Jones')).toBeTruthy();
    expect(within(row).getByText(ACCESS_TOKEN_LABELS.scopeLabels.read_write)).toBeTruthy();
    expect(within(row).getByText(ACCESS_TOKEN_LABELS.neverUsed)).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: ACCESS_TOKEN_LABELS.revokeButton('Dashboard') }));
    const dialog = await screen.findByRole('dialog', {
      name: ACCESS_TOKEN_LABELS.confirmRevokeTitle('Dashboard'),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: ACCESS_TOKEN_LABELS.revoke }));
    expect(await screen.findByText(ACCESS_TOKEN_MESSAGES.revoked)).toBeTruthy();
    expect(await screen.findByText(ACCESS_TOKEN_LABELS.noOrganisationTokens)).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/organisation/access-tokens/5/'),
    ).toBe(true);
  });
});
