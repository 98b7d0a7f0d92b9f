/** The organisation page's fake server: an administrator (or not), two members, an invitation, a log entry. */
import { type FakeAnswer, fakeServer, ok } from './renderApp';

export const details = (isAdmin: boolean) => ({
  id: 7,
  name: 'Anna Smith',
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Smith',
  business_title: 'COO',
  is_admin: isAdmin,
});

export const member = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  business_title: 'Planner',
  is_admin: false,
  break_glass: false,
  mfa_enabled: false,
  sso_linked: false,
  status: 'active',
  last_active: null,
  strategies: [],
  ...extra,
});

export const members = [
  member(7, 'Anna Smith', { is_admin: true }),
  member(8, 'Ben Jones', { strategies: [{ id: 3, title: 'Growth 2027', roles: ['master', 'owner'] }] }),
];

export const entry = (id: number, kind: string) => ({
  id,
  kind,
  created_at: '2026-11-20T09:00:00Z',
  user: { id: 8, name: 'Ben Jones', email: 'ben.jones@example.com' },
  actor: null,
  method: kind === 'login_succeeded' ? 'password' : null,
  ip: '203.0.113.9',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  detail: {},
});

const invite = {
  id: 4,
  email: 'carl@example.com',
  invited_by: 7,
  is_accepted: false,
  accepted_at: null,
  created_at: '2026-11-20T09:00:00Z',
  last_sent_at: '2026-11-20T09:00:00Z',
};

/** What the server answers before a provider is set (company sign-in has its own tests). */
export const unconfiguredSso = {
  configured: false,
  issuer: '',
  client_id: '',
  client_secret_set: false,
  domains: [],
  join_rule: 'invited',
  required: false,
  redirect_uri: 'https://keystone.example/login/sso',
};

export function startServer(isAdmin: boolean, answers: Record<string, FakeAnswer> = {}) {
  return fakeServer({
    'GET /api/get-user-details/': ok(details(isAdmin)),
    'GET /api/organisation/': ok({ id: 1, name: 'Acme', only_admins_invite: false, mfa_required: 'off' }),
    'GET /api/organisation/members/': ok(members),
    'GET /api/invites/': ok([invite]),
    'GET /api/organisation/security-log/': ok({ results: [entry(50, 'login_succeeded')], next_before: null }),
    'GET /api/help-videos/': ok([]),
    'GET /api/organisation/sso/': ok(unconfiguredSso),
    'GET /api/organisation/scim-tokens/': ok({ base_url: 'https://keystone.example/scim/v2', tokens: [] }),
    'GET /api/organisation/webhooks/': ok([]),
    'GET /api/organisation/access-tokens/': ok([]),
    ...answers,
  });
}
