/**
 * Organisations that run themselves (issue 14): first-run setup, administrators, members,
 * invitations and the security log, as wire shapes (their words: organisationText.ts).
 */
import { checkNewPassword } from './auth';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { ORGANISATION_MESSAGES } from './organisationText';
import { emailSchema, idSchema, nameSchema, passwordSchema } from './primitives';
import { SECURITY_EVENT_KINDS, SIGN_IN_METHODS } from './security';
import { MFA_POLICIES } from './sso';
import { userSummary } from './users';
import { z } from './z';

// ---- first run

/** Whether a setup link still works (the page asks before showing its form). */
export const setupStatusResponse = z.object({ valid: z.boolean() }).meta({ id: 'SetupStatus' });
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
  )
  .meta({ id: 'SetupRequest' });
export type SetupRequest = z.infer<typeof setupRequest>;

// ---- the organisation

export const organisationSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    /** Only administrators may invite new people (also by typing an address on a team page). */
    only_admins_invite: z.boolean(),
    /** Whom two-factor sign-in is required of; they set it up right after signing in. */
    mfa_required: z.enum(MFA_POLICIES),
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof organisationSchema>;

export const updateOrganisationRequest = z
  .object({
    name: nameSchema(ORGANISATION_MESSAGES.organisationNameRequired, LIMITS.organisationName).optional(),
    only_admins_invite: z.boolean().optional(),
    mfa_required: z.enum(MFA_POLICIES).optional(),
  })
  .strict()
  .meta({ id: 'UpdateOrganisationRequest' });
export type UpdateOrganisationRequest = z.infer<typeof updateOrganisationRequest>;

// ---- members

export const MEMBER_STATUSES = ['active', 'deactivated', 'invited'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const STRATEGY_ROLES = ['master', 'owner', 'sponsor', 'team_member'] as const;
export type StrategyRole = (typeof STRATEGY_ROLES)[number];

export const memberSchema = z
  .object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    business_title: z.string(),
    is_admin: z.boolean(),
    /** An administrator who keeps password and second factor when single sign-on is required. */
    break_glass: z.boolean(),
    /** Whether two-factor sign-in is on for them. */
    mfa_enabled: z.boolean(),
    /** Whether they have signed in through the organisation's provider (an identity is linked). */
    sso_linked: z.boolean(),
    status: z.enum(MEMBER_STATUSES),
    /** When the person last used the product (a request with one of their keys), or null. */
    last_active: z.string().nullable(),
    /** The strategies they hold a role in, with those roles. */
    strategies: z.array(
      z.object({ id: z.number(), title: z.string(), roles: z.array(z.enum(STRATEGY_ROLES)) }),
    ),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const updateMemberRequest = z
  .object({
    is_admin: z.boolean().optional(),
    is_active: z.boolean().optional(),
    break_glass: z.boolean().optional(),
  })
  .strict()
  .refine(
    (value) =>
      value.is_admin !== undefined || value.is_active !== undefined || value.break_glass !== undefined,
    { message: 'Send is_admin, is_active or break_glass.' },
  )
  .meta({ id: 'UpdateMemberRequest' });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequest>;

export const updateMemberResponse = z
  .object({ detail: z.string(), member: memberSchema })
  .meta({ id: 'UpdateMemberResponse' });
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

export const securityLogPage = z
  .object({
    results: z.array(securityLogEntry),
    /** Pass as `before` for the next (older) page; null when this is the last. */
    next_before: z.number().nullable(),
  })
  .meta({ id: 'SecurityLogPage' });
export type SecurityLogPage = z.infer<typeof securityLogPage>;
