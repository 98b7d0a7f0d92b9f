/** Account payloads of spec §3/§7: registration, login, password reset, Google sign-in. */
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { passwordProblems } from './password';
import { emailSchema, nameSchema, passwordSchema } from './primitives';
import { z } from './z';

/** Adds the password rules and the "must match" rule to an object with two password fields. */
export function checkNewPassword(
  first: string,
  second: string,
  ctx: z.RefinementCtx,
  firstKey: string,
  secondKey: string,
) {
  for (const message of passwordProblems(first)) {
    ctx.addIssue({ code: 'custom', path: [firstKey], message });
  }
  if (first !== second) {
    ctx.addIssue({ code: 'custom', path: [secondKey], message: MESSAGES.passwordsMustMatch });
  }
}

export const registrationRequest = z
  .object({
    email: emailSchema,
    password1: passwordSchema,
    password2: z.string({ error: MESSAGES.passwordsMustMatch }).max(LIMITS.passwordMax),
    first_name: nameSchema(MESSAGES.firstNameRequired),
    last_name: nameSchema(MESSAGES.lastNameRequired),
    /**
     * The token of an invitation's sign-up link: the person joins that invitation's organisation.
     * Required (a sign-up without it is refused with MESSAGES.inviteOnly whatever the address),
     * but not by the schema, so that refusal reads the same for every address.
     */
    invite: z.string().max(256).optional(),
  })
  .superRefine((value, ctx) =>
    checkNewPassword(value.password1, value.password2, ctx, 'password1', 'password2'),
  )
  .meta({ id: 'RegistrationRequest' });
export type RegistrationRequest = z.infer<typeof registrationRequest>;

/**
 * A sign-up's answer: besides the confirmation, a secret for the browser that signed up to keep;
 * sent with the mailed link's token it stands for the password (in that browser only).
 */
export const registrationResponse = z.object({ detail: z.string(), browser_secret: z.string() });
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/**
 * The verification page: the token of the mailed link and the password chosen at that sign-up,
 * or, in the browser that signed up, the secret the sign-up's answer gave it.
 */
export const verifyEmailRequest = z
  .object({
    key: z
      .string({ error: MESSAGES.verificationLinkInvalid })
      .min(1, MESSAGES.verificationLinkInvalid)
      .max(256, MESSAGES.verificationLinkInvalid),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(LIMITS.passwordMax)
      .optional(),
    browser_secret: z.string().min(1).max(256).optional(),
  })
  .refine((value) => value.password !== undefined || value.browser_secret !== undefined, {
    path: ['password'],
    message: 'Password is required',
  })
  .meta({ id: 'VerifyEmailRequest' });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/**
 * What a verification link is now, read without changing anything (mail scanners open links):
 * `pending` (waiting for its password), `verified` (the address's account is verified: log in),
 * `invalid` (unknown, expired or voided). The address comes with the first two, for the page.
 */
export const verificationLinkResponse = z.object({
  state: z.enum(['pending', 'verified', 'invalid']),
  email: z.string().nullable(),
});
export type VerificationLinkState = z.infer<typeof verificationLinkResponse>;

export const detailResponse = z.object({ detail: z.string() }).meta({ id: 'Detail' });
export type DetailResponse = z.infer<typeof detailResponse>;

export const loginRequest = z
  .object({
    email: z.string({ error: MESSAGES.invalidEmail }).trim().min(1, MESSAGES.invalidEmail).max(LIMITS.email),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(LIMITS.passwordMax),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z
  .object({ user_id: z.number(), key: z.string().min(1) })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponse>;

export const googleLoginRequest = z
  .object({
    code: z
      .string({ error: 'A Google sign-in code is required.' })
      .min(1, 'A Google sign-in code is required.')
      .max(4096),
    /** PKCE (RFC 7636): the verifier whose S256 challenge the authorization request carried. */
    code_verifier: z
      .string({ error: 'A PKCE code verifier is required.' })
      .regex(
        /^[A-Za-z0-9\-._~]{43,128}$/,
        'The PKCE code verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~.',
      ),
    /** The nonce the authorization request carried; the ID token must echo it. */
    nonce: z
      .string({ error: 'A sign-in nonce is required.' })
      .min(16, 'The sign-in nonce must be 16 to 256 characters.')
      .max(256, 'The sign-in nonce must be 16 to 256 characters.'),
    /** The invitation token of the sign-up link the person came from (which organisation to join). */
    invite: z.string().max(256).optional(),
  })
  .meta({ id: 'GoogleLoginRequest' });

export const passwordResetRequest = z.object({ email: emailSchema }).meta({ id: 'PasswordResetRequest' });

export const passwordResetConfirmRequest = z
  .object({
    uid: z.string().max(64).optional(),
    token: z.string().max(256).optional(),
    new_password1: passwordSchema,
    new_password2: z.string({ error: MESSAGES.passwordsMustMatch }).max(LIMITS.passwordMax),
  })
  .superRefine((value, ctx) =>
    checkNewPassword(value.new_password1, value.new_password2, ctx, 'new_password1', 'new_password2'),
  )
  .meta({ id: 'PasswordResetConfirmRequest' });
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequest>;

/** What the browser may know before login: which sign-in methods exist. */
export const publicConfigResponse = z
  .object({
    product_name: z.string(),
    google: z
      .object({ client_id: z.string(), authorization_endpoint: z.string(), redirect_uri: z.string() })
      .nullable(),
    /** No organisation exists yet: the login page points to the setup link in the server's log. */
    needs_setup: z.boolean(),
    /** Some organisation signs in through its own provider: the login page offers "Continue with single sign-on". */
    sso: z.boolean(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigResponse>;
