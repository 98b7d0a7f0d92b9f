/**
 * Organisations that run themselves (issue 14): first-run setup, administrators, members,
 * invitations and the security log, as wire shapes and texts.
 */
import { checkNewPassword } from './auth';
import { LIMITS } from './limits';
import { MESSAGES, PRODUCT_NAME } from './messages';
import { emailSchema, idSchema, nameSchema, passwordSchema } from './primitives';
import { SECURITY_EVENT_KINDS, SIGN_IN_METHODS } from './security';
import { userSummary } from './users';
import { z } from './z';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const ORGANISATION_MESSAGES = {
  organisationNameRequired: 'Organisation name is required',
  adminsOnly: 'Only administrators of your organisation can do this.',
  memberNotFound: 'Member not found.',
  inviteNotFound: 'Invitation not found.',
  lastAdmin:
    'Your organisation needs at least one active administrator. Make someone else an administrator first.',
  cannotDeactivateSelf: 'You cannot deactivate your own account. Ask another administrator to do it.',
  placeholderNotAdmin: 'Only people who have signed up can be administrators.',
  deactivatedNotAdmin: 'Reactivate this person before making them an administrator.',
  placeholderDeactivate: 'This person has not signed up yet. Revoke their invitation instead.',
  onlyMasterOf: (name: string, titles: readonly string[]) =>
    `${name} is the only strategy master of ${plural(titles.length, 'this strategy', 'these strategies')}: ${titles
      .map((title) => `"${title}"`)
      .join(', ')}. Make someone else a strategy master first.`,
  masterMustHaveSignedUp:
    'A strategy needs at least one active strategy master who has signed up. Add such a person before removing the others.',
  adminTeamNotice:
    'You are not on this strategy’s team. As an administrator of your organisation you can change its strategy masters; everything else is read-only.',
  fetchOrganisationStrategiesFailed: 'Failed to load the strategies of the organisation',
  deactivatedNotAssignable:
    'This person has been deactivated and cannot be given a new role. An administrator can reactivate them.',
  memberDeactivated: (name: string) => `${name} has been deactivated and logged out everywhere.`,
  memberReactivated: (name: string) => `${name} has been reactivated.`,
  adminGranted: (name: string) => `${name} is now an administrator.`,
  adminRevoked: (name: string) => `${name} is no longer an administrator.`,
  organisationUpdated: 'Organisation settings saved.',
  inviteResent: 'The invitation has been sent again.',
  inviteRevoked: 'The invitation has been revoked.',
  inviteAlreadyAccepted: 'This invitation has already been accepted.',
  inviteResendTooSoon: `This invitation was sent less than ${LIMITS.inviteResendMinutes} minutes ago. Please wait before sending it again.`,
  inviteQuotaUser: `You have sent ${LIMITS.invitesPerUserPerDay} invitations in the last 24 hours, the most allowed. Please try again tomorrow.`,
  inviteQuotaOrganisation: `Your organisation has sent ${LIMITS.invitesPerOrganisationPerDay} invitations in the last 24 hours, the most allowed. Please try again tomorrow.`,
  onlyAdminsInvite:
    'Only administrators can invite new people to your organisation. Ask an administrator to invite them.',
  inviteLinkNeeded:
    'You have been invited by more than one organisation. Please open the sign-up link in the invitation mail of the one you want to join.',
  inviteLinkInvalid: 'This invitation link is no longer valid. Please ask for a new invitation.',
  inviteLinkOtherAddress:
    'This invitation was sent to another e-mail address. Sign up with the address it was sent to.',
  setupLinkInvalid:
    'This setup link is no longer valid. If this Keystone has not been set up yet, restart the server to print a new link.',
  setupFailed: 'Failed to set up the organisation. Please try again.',
  needsSetup: 'This Keystone has not been set up yet. Open the setup link printed in the server log.',
  fetchOrganisationFailed: 'Failed to load the organisation',
  updateOrganisationFailed: 'Failed to save the organisation settings',
  fetchMembersFailed: 'Failed to load the members',
  updateMemberFailed: 'Failed to update the member',
  fetchSecurityLogFailed: 'Failed to load the security log',
  inviteActionFailed: 'Failed to update the invitation',
} as const;

/** The words of the /organisation page (administrators) and its link in the avatar menu. */
export const ORGANISATION_LABELS = {
  pageTitle: 'Organisation',
  menuLink: 'Organisation',
  settingsHeading: 'Organisation',
  nameField: 'Organisation name',
  saveName: 'Save name',
  onlyAdminsInvite: 'Only administrators can invite new people',
  onlyAdminsInviteHelp:
    'When this is on, other members cannot invite anyone, also not by typing a new address on a team page.',
  membersHeading: 'Members',
  membersTable: 'Members of the organisation',
  columnName: 'Name',
  columnEmail: 'E-mail',
  columnBusinessTitle: 'Business title',
  columnAdmin: 'Administrator',
  columnStatus: 'Status',
  columnLastActive: 'Last active',
  columnStrategies: 'Strategies',
  columnActions: 'Actions',
  adminSwitch: (name: string) => `Administrator: ${name}`,
  noStrategies: 'None',
  neverActive: 'Never',
  justNow: 'Just now',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivateButton: (name: string) => `Deactivate ${name}`,
  reactivateButton: (name: string) => `Reactivate ${name}`,
  confirmDeactivateTitle: (name: string) => `Deactivate ${name}?`,
  confirmDeactivateMessage: (name: string) =>
    `${name} will be logged out everywhere at once and can no longer sign in or receive mails from ${PRODUCT_NAME}. You can reactivate them later.`,
  invitationsHeading: 'Pending invitations',
  invitationsTable: 'Pending invitations',
  inviteHeading: 'Invite people',
  noPendingInvites: 'No invitation is waiting to be accepted.',
  columnSent: 'Sent',
  resend: 'Resend',
  revoke: 'Revoke',
  resendButton: (email: string) => `Resend the invitation to ${email}`,
  revokeButton: (email: string) => `Revoke the invitation to ${email}`,
  confirmRevokeTitle: 'Revoke this invitation?',
  confirmRevokeMessage: (email: string) =>
    `The sign-up link sent to ${email} will stop working. You can invite the address again later.`,
  securityLogHeading: 'Security log',
  securityLogTable: 'Security log',
  columnWhen: 'When',
  columnKind: 'Event',
  columnPerson: 'Person',
  columnActor: 'By',
  columnMethod: 'Method',
  columnAddress: 'Address',
  columnBrowser: 'Browser',
  filterPerson: 'Person',
  filterKind: 'Event',
  everyone: 'Everyone',
  allKinds: 'All events',
  noSecurityEvents: 'Nothing has been recorded yet.',
  noMatchingEvents: 'No entries match these filters.',
  showOlder: 'Show older',
} as const;

/** A member's status in words (the chip on the members table). */
export const MEMBER_STATUS_LABELS = {
  active: 'Active',
  deactivated: 'Deactivated',
  invited: 'Invited',
} as const satisfies Record<MemberStatus, string>;

/** A strategy role in words (the members table lists each member's roles per strategy). */
export const STRATEGY_ROLE_LABELS = {
  master: 'Strategy master',
  owner: 'Owner',
  sponsor: 'Sponsor',
  team_member: 'Team member',
} as const satisfies Record<StrategyRole, string>;

// ---- first run

/** Whether a setup link still works (the page asks before showing its form). */
export const setupStatusResponse = z.object({ valid: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusResponse>;

export const setupRequest = z
  .object({
    token: z.string().min(1, ORGANISATION_MESSAGES.setupLinkInvalid).max(256),
    organisation_name: nameSchema(ORGANISATION_MESSAGES.organisationNameRequired, LIMITS.organisationName),
    first_name: nameSchema(MESSAGES.firstNameRequired),
    last_name: nameSchema(MESSAGES.lastNameRequired),
    email: emailSchema,
    password1: passwordSchema,
    password2: z.string({ error: MESSAGES.passwordsMustMatch }).max(LIMITS.passwordMax),
  })
  .superRefine((value, ctx) =>
    checkNewPassword(value.password1, value.password2, ctx, 'password1', 'password2'),
  );
export type SetupRequest = z.infer<typeof setupRequest>;

// ---- the organisation

export const organisationSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Only administrators may invite new people (also by typing an address on a team page). */
  only_admins_invite: z.boolean(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const updateOrganisationRequest = z
  .object({
    name: nameSchema(ORGANISATION_MESSAGES.organisationNameRequired, LIMITS.organisationName).optional(),
    only_admins_invite: z.boolean().optional(),
  })
  .strict();
export type UpdateOrganisationRequest = z.infer<typeof updateOrganisationRequest>;

// ---- members

export const MEMBER_STATUSES = ['active', 'deactivated', 'invited'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const STRATEGY_ROLES = ['master', 'owner', 'sponsor', 'team_member'] as const;
export type StrategyRole = (typeof STRATEGY_ROLES)[number];

export const memberSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  business_title: z.string(),
  is_admin: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  /** When the person last used the product (a request with one of their keys), or null. */
  last_active: z.string().nullable(),
  /** The strategies they hold a role in, with those roles. */
  strategies: z.array(
    z.object({ id: z.number(), title: z.string(), roles: z.array(z.enum(STRATEGY_ROLES)) }),
  ),
});
export type Member = z.infer<typeof memberSchema>;

export const updateMemberRequest = z
  .object({ is_admin: z.boolean().optional(), is_active: z.boolean().optional() })
  .strict()
  .refine((value) => value.is_admin !== undefined || value.is_active !== undefined, {
    message: 'Send is_admin or is_active.',
  });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequest>;

export const updateMemberResponse = z.object({ detail: z.string(), member: memberSchema });
export type UpdateMemberResponse = z.infer<typeof updateMemberResponse>;

// ---- the security log

export const securityLogQuery = z.object({
  /** The id of the last entry already shown: the page continues with older ones. */
  before: idSchema.optional().describe('Continue after this entry id (the previous page’s next_before)'),
  limit: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      z.number().int().min(1).max(LIMITS.securityLogPageMax).default(50),
    )
    .describe(`Entries per page (1–${LIMITS.securityLogPageMax}, default 50)`),
  user: idSchema.optional().describe('Only events about this member'),
  kind: z.enum(SECURITY_EVENT_KINDS).optional().describe('Only events of this kind'),
});
export type SecurityLogQuery = z.infer<typeof securityLogQuery>;

export const securityLogEntry = z.object({
  id: z.number(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  created_at: z.string(),
  /** The person the event is about (null for a failed sign-in naming an unknown address). */
  user: userSummary.nullable(),
  /** The administrator who acted, for administrators' actions. */
  actor: userSummary.nullable(),
  method: z.enum(SIGN_IN_METHODS).nullable(),
  ip: z.string(),
  user_agent: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type SecurityLogEntry = z.infer<typeof securityLogEntry>;

export const securityLogPage = z.object({
  results: z.array(securityLogEntry),
  /** Pass as `before` for the next (older) page; null when this is the last. */
  next_before: z.number().nullable(),
});
export type SecurityLogPage = z.infer<typeof securityLogPage>;
