/**
 * The valid request of every call of the contract's route table, for the generated hostile-input
 * test: its path with ids pointing at real records, and a sample body per request schema. The
 * attacks (routeAttacks.ts) are mutations of it.
 */
import type { Endpoint } from '@keystone/contract';
import { schemaName } from '../../src/http/jsonSchema';

/** The records a request names: the attacker's own, another organisation's, deleted or absurd ones. */
export interface Ids {
  strategy: number | string;
  area: number | string;
  initiative: number | string;
  timeline: number | string;
  comment: number | string;
  /** A measure of the initiative. */
  measure: number | string;
  /** A session (API key) of the user, as the sessions list names it. */
  session: number | string;
  /** The user id of a password reset link (base64url of the digits). */
  uid: string;
  /** A member of the organisation (the caller), as the administrators' calls name them. */
  member: number | string;
  /** A pending invitation of the organisation. */
  invite: number | string;
  /** A live SCIM token of the organisation. */
  scimToken: number | string;
  /** A live personal access token of the caller. */
  accessToken: number | string;
  /** A webhook endpoint of the strategy. */
  webhook: number | string;
  /** A delivery to that endpoint. */
  webhookDelivery: number | string;
}

/** Who sends the valid requests. */
export interface Caller {
  id: number;
  email: string;
}

/** A valid body per request schema of the route table. A new schema without one fails the test. */
export const VALID_BODIES: Record<string, (ids: Ids, caller: Caller) => unknown> = {
  RegistrationRequest: () => ({
    email: 'newcomer@evil.com',
    password1: 'Good-pass1!',
    password2: 'Good-pass1!',
    first_name: 'New',
    last_name: 'Comer',
  }),
  VerifyEmailRequest: () => ({ key: 'garbage', password: 'Wrong-pass1!' }),
  // A guessed token: the database already has organisations, so no setup can succeed.
  SetupRequest: () => ({
    token: 'garbage',
    organisation_name: 'Evil Corp',
    first_name: 'Eve',
    last_name: 'Attacker',
    email: 'eve@evil.com',
    password1: 'Good-pass1!',
    password2: 'Good-pass1!',
  }),
  LoginRequest: (_ids, caller) => ({ email: caller.email, password: 'Wrong-pass1!' }),
  GoogleLoginRequest: () => ({ code: 'some-code', code_verifier: 'v'.repeat(43), nonce: 'some-nonce-value' }),
  MfaLoginRequest: () => ({ mfa_token: 'some-token', code: '123456' }),
  TotpConfirmRequest: () => ({ code: '123456' }),
  MfaDisableRequest: () => ({ password: 'Wrong-pass1!', code: '123456' }),
  PasswordResetRequest: (_ids, caller) => ({ email: caller.email }),
  PasswordResetConfirmRequest: (ids) => ({
    uid: ids.uid,
    token: 'garbage',
    new_password1: 'Good-pass1!',
    new_password2: 'Good-pass1!',
  }),
  PasswordChangeRequest: () => ({
    old_password: 'Wrong-pass1!',
    new_password1: 'Good-pass1!',
    new_password2: 'Good-pass1!',
  }),
  UpdateUserDetailsRequest: () => ({ first_name: 'Eve', last_name: 'Attacker', business_title: 'Spy' }),
  CreateInvitesRequest: () => ['friend@evil.com'],
  UpdateOrganisationRequest: () => ({ name: 'Evil Corp', only_admins_invite: false }),
  UpdateMemberRequest: () => ({ is_admin: true }),
  CreateStrategyRequest: () => ({ title: 'Attack', ambition: '<p>Win</p>' }),
  UpdateStrategyRequest: () => ({ title: 'Grow', ambition: '<p>Lead</p>', status: true }),
  CreateFocusAreaRequest: (ids) => ({ strategy: ids.strategy, sort_index: 0, title: 'Area' }),
  UpdateFocusAreaRequest: () => ({ title: 'Area' }),
  SortRequest: () => ({ sort_index: 0 }),
  SpreadsheetUpload: () => ({
    file_name: 'Attack.csv',
    content: Buffer.from('Focus area,Initiative\nCustomers,Onboarding\n').toString('base64'),
  }),
  CreateInitiativeRequest: (ids) => ({
    focus_area: ids.area,
    sort_index: 0,
    title: 'Initiative',
    status: 'IN',
  }),
  UpdateInitiativeRequest: () => ({ title: 'Initiative', status: 'OT', problem_statement: '<p>Why</p>' }),
  AssignTeamRequest: (ids, caller) => ({
    strategy_id: ids.strategy,
    strategy_masters: [{ id: caller.id, email: caller.email }],
    initiatives: [{ initiative_id: ids.initiative, owners: [], sponsors: [], team_members: [] }],
  }),
  CreateTimelineRequest: (ids) => ({
    initiative: ids.initiative,
    description: '<p>Step</p>',
    start_date: '2026-01-05',
    end_date: '2026-02-05',
  }),
  UpdateTimelineRequest: () => ({
    description: '<p>Step</p>',
    start_date: '2026-01-05',
    end_date: '2026-02-05',
  }),
  UpdateNotificationSettingsRequest: () => ({
    time_zone: 'Europe/Berlin',
    update_frequency_number: 2,
    update_frequency_unit: 'week',
    send_to_sponsors: true,
    additional_recipients: 'ann@example.com',
    team_reminders: [{ offset_number: 1, offset_unit: 'day' }],
  }),
  UpdateCommentRequest: () => ({ comment: '<p>Progress</p>' }),
  LockedCommentsRequest: (ids) => ({ strategy_id: ids.strategy, date: '2026-03-02T09:00:00Z' }),
  SetHelpVideoRequest: () => ({ address: 'https://vimeo.com/76979871', description: 'A tour' }),
  FieldLockRequest: (ids) => ({ model: 'strategy', res_id: ids.strategy, field: 'title' }),
  CreateMeasureRequest: (ids) => ({
    initiative: ids.initiative,
    title: 'Revenue',
    unit: 'currency',
    currency: 'EUR',
    decimals: 2,
    baseline: '100',
    target: '250.5',
    target_date: '2030-12-31',
    direction: 'increase',
  }),
  UpdateMeasureRequest: () => ({ title: 'Revenue', target: '300', amber_band: '15' }),
  WriteReadingRequest: () => ({ value: '120.5', note: 'Spring sale' }),
  LockedReadingsRequest: (ids) => ({ strategy_id: ids.strategy, date: '2026-03-02T09:00:00Z' }),
  SsoStartRequest: (_ids, caller) => ({ email: caller.email }),
  SsoCallbackRequest: () => ({ state: 'guessed-state', attempt_secret: 'guessed-secret', code: 'some-code' }),
  // A loopback port nobody listens on: the discovery fetch fails at once and never leaves the machine.
  UpdateSsoSettingsRequest: () => ({
    issuer: 'https://127.0.0.1:9',
    client_id: 'evil',
    client_secret: 'evil-secret',
    domains: ['evil.com'],
    join_rule: 'domain',
    required: true,
  }),
  CreateScimTokenRequest: () => ({ name: 'Evil provider' }),
  RecordReadingRequest: () => ({ value: '7' }),
  CreateAccessTokenRequest: () => ({ name: 'Evil script', scope: 'read_write', expires_in_days: 30 }),
  // A loopback port nobody listens on (the test server allows private targets): nothing leaves the machine.
  CreateWebhookRequest: () => ({
    kind: 'standard',
    url: 'http://127.0.0.1:9/hook',
    description: 'Evil receiver',
    events: ['strategy.updated'],
  }),
  UpdateWebhookRequest: () => ({ description: 'Evil receiver', events: ['initiative.updated'] }),
};

/** What `{id}` (or a query parameter) names, by the path's first segment after /api/. */
const ID_KINDS: Record<string, keyof Omit<Ids, 'uid'>> = {
  strategy: 'strategy',
  focusarea: 'area',
  initiative: 'initiative',
  'initiative-approve': 'initiative',
  timeline: 'timeline',
  'notification-settings': 'strategy',
  comments: 'comment',
  measures: 'measure',
  measure: 'measure',
  'locked-comment-dates': 'strategy',
  'status-history': 'strategy',
  auth: 'session',
  organisation: 'member',
  invites: 'invite',
  user: 'member',
  webhooks: 'webhook',
  'webhook-deliveries': 'webhookDelivery',
};

/** Query parameters that name no record: a fixed valid value. */
const QUERY_VALUES: Record<string, string> = {
  before: '2147483647',
  limit: '10',
  kind: 'login_failed',
  paper: 'a4',
};

/** The path of a call with its parameters filled from `ids`. */
export function pathOf(route: Endpoint, ids: Ids): string {
  const segment = route.path.split('/')[2] ?? '';
  let path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name === 'uid') return encodeURIComponent(ids.uid);
    if (name === 'token') return 'garbage-token';
    if (name === 'topic') return 'ambition';
    // The organisation's SCIM and access tokens sit under /api/organisation/ beside its members.
    const kind = route.path.includes('/scim-tokens/')
      ? 'scimToken'
      : route.path.includes('/access-tokens/')
        ? 'accessToken'
        : ID_KINDS[segment];
    if (name !== 'id' || !kind) throw new Error(`${route.method} ${route.path}: say what {${name}} names`);
    return encodeURIComponent(String(ids[kind]));
  });
  const query = Object.keys(route.query?.shape ?? {}).map((name) => {
    if (QUERY_VALUES[name]) return `${name}=${QUERY_VALUES[name]}`;
    const kind = ID_KINDS[name];
    if (!kind) throw new Error(`${route.method} ${route.path}: say what ?${name} names`);
    return `${name}=${encodeURIComponent(String(ids[kind]))}`;
  });
  if (query.length > 0) path += `?${query.join('&')}`;
  return path;
}

export const requestSchemaName = (route: Endpoint): string | undefined => {
  if (!route.body) return undefined;
  const name = schemaName(route.body);
  if (!name)
    throw new Error(`${route.method} ${route.path}: its body has no name (.meta({ id }) in the contract)`);
  return name;
};

/** The valid body of a call, or undefined when it takes none. */
export function validBody(route: Endpoint, ids: Ids, caller: Caller): unknown {
  const name = requestSchemaName(route);
  if (!name) return undefined;
  const make = VALID_BODIES[name];
  if (!make) throw new Error(`No valid sample body for ${name}: add one to VALID_BODIES`);
  return make(ids, caller);
}
