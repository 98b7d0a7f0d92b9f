import {
  MEMBER_SIGN_IN_LABELS,
  MFA_POLICY_LABELS,
  MFA_POLICY_OPTION_LABELS,
  SCIM_LABELS,
  SSO_JOIN_RULE_LABELS,
  SSO_MESSAGES,
  SSO_SETTINGS_LABELS,
} from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { member, startServer, unconfiguredSso } from './organisationFixtures';
import { type FakeAnswer, ok, renderApp } from './renderApp';

const configured = {
  ...unconfiguredSso,
  configured: true,
  issuer: 'https://login.acme.example',
  client_id: 'keystone',
  client_secret_set: true,
  domains: ['acme.example'],
};

async function openSsoForm(answers: Record<string, FakeAnswer> = {}) {
  const server = startServer(true, answers);
  renderApp('/organisation');
  const form = await screen.findByRole('form', { name: SSO_SETTINGS_LABELS.heading }, { timeout: 10_000 });
  return { ...server, form: within(form) };
}

const field = (form: ReturnType<typeof within>, label: string) =>
  form.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

function fill(form: ReturnType<typeof within>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(form, label), { target: { value } });
  }
}

const save = (form: ReturnType<typeof within>) =>
  fireEvent.click(form.getByRole('button', { name: SSO_SETTINGS_LABELS.save }));

describe('/organisation: single sign-on', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  it('should show the redirect URI and save a new provider as the contract asks', async () => {
    const { form, calls } = await openSsoForm({
      'PATCH /api/organisation/sso/': ({ body }) =>
        ok({ ...configured, ...(body as object), client_secret_set: true }),
    });
    expect(screen.getByText('https://keystone.example/login/sso')).toBeTruthy();
    expect(screen.getByRole('button', { name: SSO_SETTINGS_LABELS.copyRedirectUri })).toBeTruthy();
    fill(form, {
      [SSO_SETTINGS_LABELS.issuerField]: 'https://login.acme.example',
      [SSO_SETTINGS_LABELS.clientIdField]: 'keystone',
      [SSO_SETTINGS_LABELS.clientSecretField]: 'shh',
      [SSO_SETTINGS_LABELS.domainsField]: 'acme.example, Acme.org',
    });
    fireEvent.click(form.getByRole('radio', { name: SSO_JOIN_RULE_LABELS.domain }));
    fireEvent.click(form.getByRole('switch', { name: SSO_SETTINGS_LABELS.requiredField }));
    save(form);
    expect(await screen.findByText(SSO_MESSAGES.settingsSaved)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      {
        issuer: 'https://login.acme.example',
        client_id: 'keystone',
        client_secret: 'shh',
        domains: ['acme.example', 'acme.org'],
        join_rule: 'domain',
        required: true,
      },
    ]);
    // The secret is stored now: it is not shown, and can be replaced.
    expect(await screen.findByText(new RegExp(SSO_SETTINGS_LABELS.secretStored))).toBeTruthy();
  }, 20_000);

  it('should say at each field what is missing before sending anything', async () => {
    const { form, calls } = await openSsoForm();
    save(form);
    expect(await form.findByText(SSO_MESSAGES.issuerRequired)).toBeTruthy();
    expect(form.getByText(SSO_MESSAGES.clientIdRequired)).toBeTruthy();
    expect(form.getByText(SSO_MESSAGES.clientSecretRequired)).toBeTruthy();
    expect(form.getByText(SSO_MESSAGES.domainsRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(form, SSO_SETTINGS_LABELS.issuerField)));
    fill(form, { [SSO_SETTINGS_LABELS.domainsField]: 'acme.example not_a_domain' });
    save(form);
    expect(await form.findByText(SSO_MESSAGES.domainInvalid('not_a_domain'))).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  }, 20_000);

  it('should show the server’s refusals at their field, or above the form', async () => {
    const unreachable = SSO_MESSAGES.discoveryUnreachable(
      'https://login.acme.example/.well-known/openid-configuration',
    );
    let answer: FakeAnswer = {
      status: 400,
      body: {
        detail: unreachable,
        errors: { issuer: [unreachable], 'domains.0': [SSO_MESSAGES.domainUnavailable('acme.example')] },
      },
    };
    const { form } = await openSsoForm({
      'PATCH /api/organisation/sso/': () => answer as { status: number; body: unknown },
    });
    fill(form, {
      [SSO_SETTINGS_LABELS.issuerField]: 'https://login.acme.example',
      [SSO_SETTINGS_LABELS.clientIdField]: 'keystone',
      [SSO_SETTINGS_LABELS.clientSecretField]: 'shh',
      [SSO_SETTINGS_LABELS.domainsField]: 'acme.example',
    });
    save(form);
    expect(await form.findByText(unreachable)).toBeTruthy();
    expect(form.getByText(SSO_MESSAGES.domainUnavailable('acme.example'))).toBeTruthy();
    expect(field(form, SSO_SETTINGS_LABELS.issuerField).getAttribute('aria-invalid')).toBe('true');

    answer = { status: 400, body: { detail: SSO_MESSAGES.requiredWouldLockOut } };
    save(form);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SSO_MESSAGES.requiredWouldLockOut);
  }, 20_000);

  it('should keep a stored secret unless replaced, and turn single sign-on off only after asking', async () => {
    const { form, calls } = await openSsoForm({
      'GET /api/organisation/sso/': ok(configured),
      'PATCH /api/organisation/sso/': ok(configured),
      'DELETE /api/organisation/sso/': ok({ detail: SSO_MESSAGES.settingsRemoved }),
    });
    expect(form.queryByLabelText(new RegExp(`^${SSO_SETTINGS_LABELS.clientSecretField}`))).toBeNull();
    expect(field(form, SSO_SETTINGS_LABELS.issuerField).value).toBe('https://login.acme.example');
    save(form);
    await screen.findByText(SSO_MESSAGES.settingsSaved);
    expect(calls.find((call) => call.method === 'PATCH')?.body).not.toHaveProperty('client_secret');

    fireEvent.click(form.getByRole('button', { name: SSO_SETTINGS_LABELS.replaceSecret }));
    await waitFor(() =>
      expect(document.activeElement).toBe(field(form, SSO_SETTINGS_LABELS.clientSecretField)),
    );
    fireEvent.click(form.getByRole('button', { name: SSO_SETTINGS_LABELS.keepSecret }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        form.getByRole('button', { name: SSO_SETTINGS_LABELS.replaceSecret }),
      ),
    );

    fireEvent.click(form.getByRole('button', { name: SSO_SETTINGS_LABELS.remove }));
    const dialog = await screen.findByRole('dialog', { name: SSO_SETTINGS_LABELS.confirmRemoveTitle });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: SSO_SETTINGS_LABELS.remove }));
    expect(await screen.findByText(SSO_MESSAGES.settingsRemoved)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/organisation/sso/',
    ]);
  }, 20_000);
});

describe('/organisation: two-factor policy', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  it('should save whom two-factor sign-in is required of with its button', async () => {
    const { calls } = startServer(true, {
      'PATCH /api/organisation/': ({ body }) =>
        ok({ id: 1, name: 'Acme', only_admins_invite: false, mfa_required: 'off', ...(body as object) }),
    });
    renderApp('/organisation');
    const policy = within(
      await screen.findByRole('form', { name: MFA_POLICY_LABELS.heading }, { timeout: 10_000 }),
    );
    const button = policy.getByRole('button', { name: MFA_POLICY_LABELS.save });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(policy.getByLabelText(MFA_POLICY_OPTION_LABELS.everyone));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.click(button);
    expect(await policy.findByText(SSO_MESSAGES.mfaPolicySaved)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { mfa_required: 'everyone' },
    ]);
    expect((policy.getByLabelText(MFA_POLICY_OPTION_LABELS.everyone) as HTMLInputElement).checked).toBe(true);
  }, 20_000);
});

describe('/organisation: SCIM provisioning', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  const token = (id: number, name: string, lastUsed: string | null) => ({
    id,
    name,
    created_at: '2026-11-20T09:00:00Z',
    created_by: { id: 7, name: 'Anna Smith', email: 'anna@example.com' },
    last_used_at: lastUsed,
  });

  it('should show a new token once with its copy button, list tokens and revoke one after asking', async () => {
    const tokens = [token(1, 'Okta', '2026-11-21T09:00:00Z')];
    const list = () => ok({ base_url: 'https://keystone.example/scim/v2', tokens });
    const { calls } = startServer(true, {
      'GET /api/organisation/scim-tokens/': list,
      'POST /api/organisation/scim-tokens/': ({ body }) => {
        const created = token(2, (body as { name: string }).name, null);
        tokens.push(created);
        return {
          status: 201,
          body: {
            detail: SSO_MESSAGES.scimTokenCreated,
            token: 'kscim_secret-token',
            scim_token: created,
            base_url: 'https://keystone.example/scim/v2',
          },
        };
      },
      'DELETE /api/organisation/scim-tokens/1/': () => {
        tokens.shift();
        return ok({ detail: SSO_MESSAGES.scimTokenRevoked });
      },
    });
    renderApp('/organisation');
    const table = await screen.findByRole('table', { name: SCIM_LABELS.tokensTable }, { timeout: 10_000 });
    expect(within(table).getByText('Okta')).toBeTruthy();
    expect(within(table).queryByText(SCIM_LABELS.neverUsed)).toBeNull();
    expect(screen.getByText('https://keystone.example/scim/v2')).toBeTruthy();

    const form = within(screen.getByRole('form', { name: SCIM_LABELS.create }));
    fireEvent.click(form.getByRole('button', { name: SCIM_LABELS.create }));
    expect(await form.findByText(SSO_MESSAGES.scimTokenNameRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(form.getByLabelText(SCIM_LABELS.tokenName), { target: { value: 'Entra' } });
    fireEvent.click(form.getByRole('button', { name: SCIM_LABELS.create }));
    const shown = within(await screen.findByRole('region', { name: SCIM_LABELS.newToken }));
    expect(shown.getByText('kscim_secret-token')).toBeTruthy();
    expect(shown.getByRole('button', { name: SCIM_LABELS.copyToken })).toBeTruthy();
    fireEvent.click(shown.getByRole('button', { name: SCIM_LABELS.tokenSaved }));
    await waitFor(() => expect(screen.queryByText('kscim_secret-token')).toBeNull());
    const entra = (await within(table).findByText('Entra')).closest('tr') as HTMLElement;
    expect(within(entra).getByText(SCIM_LABELS.neverUsed)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: SCIM_LABELS.revokeButton('Okta') }));
    const dialog = await screen.findByRole('dialog', { name: SCIM_LABELS.confirmRevokeTitle('Okta') });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: SCIM_LABELS.revoke }));
    expect(await screen.findByText(SSO_MESSAGES.scimTokenRevoked)).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('Okta')).toBeNull());
  }, 20_000);

  it('should show a name the server refuses at its field, and put focus there', async () => {
    const refusal = 'A token with this name exists already.';
    startServer(true, {
      'GET /api/organisation/scim-tokens/': ok({ base_url: 'https://keystone.example/scim/v2', tokens: [] }),
      'POST /api/organisation/scim-tokens/': {
        status: 400,
        body: { detail: 'Check the form.', errors: { name: [refusal] } },
      },
    });
    renderApp('/organisation');
    const form = within(await screen.findByRole('form', { name: SCIM_LABELS.create }, { timeout: 10_000 }));
    const name = form.getByLabelText(SCIM_LABELS.tokenName);
    fireEvent.change(name, { target: { value: 'Okta' } });
    fireEvent.click(form.getByRole('button', { name: SCIM_LABELS.create }));
    expect(await form.findByText(refusal)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
  }, 20_000);
});

describe('/organisation: members’ sign-in', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  it('should show two-factor and single sign-on per member, and name break-glass administrators', async () => {
    const { calls } = startServer(true, {
      'GET /api/organisation/members/': ok([
        member(7, 'Anna Smith', { is_admin: true, mfa_enabled: true, sso_linked: true }),
        member(8, 'Ben Jones'),
      ]),
      'PATCH /api/organisation/members/7/': {
        status: 400,
        body: { detail: SSO_MESSAGES.breakGlassLast },
      },
    });
    renderApp('/organisation');
    const table = await screen.findByRole('table', { name: 'Members of the organisation' });
    const [, anna, ben] = within(table).getAllByRole('row');
    expect(within(anna as HTMLElement).getByText(MEMBER_SIGN_IN_LABELS.ssoLinked)).toBeTruthy();
    expect(within(anna as HTMLElement).getByText(MEMBER_SIGN_IN_LABELS.twoFactorOn)).toBeTruthy();
    expect(within(ben as HTMLElement).getByText(MEMBER_SIGN_IN_LABELS.twoFactorOff)).toBeTruthy();
    // Break-glass is for administrators only.
    expect(
      screen.queryByRole('switch', { name: MEMBER_SIGN_IN_LABELS.breakGlassSwitch('Ben Jones') }),
    ).toBeNull();
    fireEvent.click(
      screen.getByRole('switch', { name: MEMBER_SIGN_IN_LABELS.breakGlassSwitch('Anna Smith') }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(SSO_MESSAGES.breakGlassLast);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ break_glass: true });
  }, 20_000);
});
