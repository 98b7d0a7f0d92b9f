/** Invite payloads and the parsing rule of spec §5: strip markup, split on commas, trim. */
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { emailSchema } from './primitives';
import { plainText } from './richText';
import { z } from './z';

export function parseInviteText(text: string): string[] {
  return plainText(text.replace(/<\/p>\s*<p>/gi, ','))
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export const createInvitesRequest = z
  .union([
    z.array(emailSchema).min(1, MESSAGES.invalidEmail).max(LIMITS.invitesPerRequest),
    z.object({ emails: z.array(emailSchema).min(1, MESSAGES.invalidEmail).max(LIMITS.invitesPerRequest) }),
  ])
  .meta({ id: 'CreateInvitesRequest' });
export type CreateInvitesRequest = z.infer<typeof createInvitesRequest>;

export const inviteSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    invited_by: z.number().nullable(),
    is_accepted: z.boolean(),
    accepted_at: z.string().nullable(),
    created_at: z.string(),
    /** When its mail was last sent (a resend is allowed some minutes later). */
    last_sent_at: z.string(),
  })
  .meta({ id: 'Invite' });
export type Invite = z.infer<typeof inviteSchema>;

/**
 * Why an address was not invited: a member or an invitation of the inviter's own organisation, or
 * an address that cannot join it (it already has an account, which can belong to one organisation
 * only; which one is never said).
 */
export const INVITE_SKIP_REASONS = ['member', 'invited', 'unavailable'] as const;
export type InviteSkipReason = (typeof INVITE_SKIP_REASONS)[number];

export const INVITE_MESSAGES = {
  tooManyAtOnce: `Please invite at most ${LIMITS.invitesPerRequest} people at a time.`,
  noneInvited: 'Nobody was invited.',
  notInvited: (email: string, reason: InviteSkipReason) =>
    ({
      member: `${email} was not invited: already a member.`,
      invited: `${email} was not invited: already invited.`,
      unavailable: `${email} was not invited: this address cannot join your organisation. Ask the person for another address.`,
    })[reason],
} as const;

export const createInvitesResponse = z
  .object({
    /** 'Invites updated successfully' when someone was invited, else INVITE_MESSAGES.noneInvited. */
    detail: z.string(),
    invited: z.array(z.string()),
    skipped: z.array(z.string()),
    /** Each skipped address with its reason, in the order of `skipped`. */
    not_invited: z.array(z.object({ email: z.string(), reason: z.enum(INVITE_SKIP_REASONS) })),
  })
  .meta({ id: 'CreateInvitesResponse' });
export type CreateInvitesResponse = z.infer<typeof createInvitesResponse>;
