/** Spec §5 "Invites": the box's text becomes a list of e-mails, or a message naming what is wrong. */
import { INVITE_MESSAGES, isValidEmail, LIMITS, MESSAGES, parseInviteText } from '@keystone/contract';

export type InviteTextCheck = { ok: true; emails: string[] } | { ok: false; message: string };

export function checkInviteText(text: string): InviteTextCheck {
  const emails = [...new Set(parseInviteText(text).map((email) => email.toLowerCase()))];
  if (emails.length === 0) return { ok: false, message: MESSAGES.invalidEmail };
  const invalid = emails.filter((email) => !isValidEmail(email));
  if (invalid.length > 0) return { ok: false, message: `${MESSAGES.invalidEmail}: ${invalid.join(', ')}` };
  if (emails.length > LIMITS.invitesPerRequest) {
    return { ok: false, message: INVITE_MESSAGES.tooManyAtOnce };
  }
  return { ok: true, emails };
}
