/** Sessions the user controls and the password change (issue 13): wire shapes and their texts. */
import { checkNewPassword } from './auth';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { passwordSchema } from './primitives';
import { z } from './z';

export const SESSION_MESSAGES = {
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordHasContextWords:
    'This password is easy to guess: it contains your name, your e-mail address or the name of the app. Choose another.',
  oldPasswordRequired: 'Enter your current password.',
  oldPasswordWrong: 'Your current password is not correct.',
  passwordUnchanged: 'The new password must be different from your current one.',
  passwordNotSet:
    'Your account has no password yet because you sign in with Google. To set one, log out and use "Forgot password?" on the login page.',
  passwordChanged: 'Your password has been changed. Your other sessions have been logged out.',
  changePasswordFailed: 'Failed to change password',
  sessionEnded: 'The session has been ended.',
  otherSessionsEnded: 'Your other sessions have been logged out.',
  fetchSessionsFailed: 'Failed to load your sessions',
  endSessionFailed: 'Failed to end the session',
  noOtherSessions: 'You are not logged in anywhere else.',
} as const;

/**
 * A key's last use is written at most this often (a read stays a read), so a session's
 * `last_used_at` lies up to this long before its real last use: the list says no more than that.
 */
export const SESSION_LAST_USE_PRECISION_MS = 60 * 60 * 1000;

/** One live key of the user, as the sessions list shows it (this browser's first, then newest first). */
export const sessionSchema = z
  .object({
    id: z.number(),
    created_at: z.string(),
    last_used_at: z.string(),
    user_agent: z.string(),
    ip: z.string(),
    /** The key this request was made with. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type SessionInfo = z.infer<typeof sessionSchema>;

export const passwordChangeRequest = z
  .object({
    old_password: z
      .string({ error: SESSION_MESSAGES.oldPasswordRequired })
      .min(1, SESSION_MESSAGES.oldPasswordRequired)
      .max(LIMITS.passwordMax),
    new_password1: passwordSchema,
    new_password2: z.string({ error: MESSAGES.passwordsMustMatch }).max(LIMITS.passwordMax),
  })
  .superRefine((value, ctx) => {
    checkNewPassword(value.new_password1, value.new_password2, ctx, 'new_password1', 'new_password2');
    if (value.new_password1 !== '' && value.new_password1 === value.old_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password1'], message: SESSION_MESSAGES.passwordUnchanged });
    }
  })
  .meta({ id: 'PasswordChangeRequest' });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
