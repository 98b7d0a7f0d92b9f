/**
 * The words of organisations that run themselves (issue 14): messages and labels. Apart from the
 * wire shapes (organisation.ts) so that a page showing one of them does not build those schemas.
 */
import { LIMITS } from './limits';
import { PRODUCT_NAME } from './messages';
import type { MemberStatus, StrategyRole } from './organisation';

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
  setupLinkMangled:
    'This setup link is not recognised: part of it is missing, or something was copied with it. Copy the whole link, exactly as the server printed it on a line of its own, and open it again.',
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
  cannotDeactivateTitle: (name: string) => `${name} cannot be deactivated yet`,
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
