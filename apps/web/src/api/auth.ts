/**
 * Account calls of spec §7 (contract endpoints/auth.ts): what the browser may know before login
 * (GET /api/config/), login with its two-factor step, Google sign-in, registration, e-mail
 * verification, logout, password reset and change.
 */
import {
  type LoginOrMfaResponse,
  type LoginRequest,
  type PasswordResetConfirmRequest,
  type RegistrationRequest,
  type VerificationLinkState,
  type VerifyEmailRequest,
  verifyEmailRequest,
  type PublicConfig as WirePublicConfig,
} from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { Session } from './session';
import { rememberSignupSecret } from './signupSecrets';
import { type Camel, toCamel } from './wireCase';
import { toWire, type WireNames } from './wireForms';

/** needsSetup: no organisation exists yet, so the login page points to the setup link in the server's log. */
export type PublicConfig = Camel<WirePublicConfig>;
export type GoogleSignInConfig = NonNullable<PublicConfig['google']>;

async function fetchPublicConfig(): Promise<PublicConfig> {
  return toCamel(await apiRequest(authApi.config, {}));
}

export function usePublicConfig() {
  // The configuration only changes when the server restarts.
  return useQuery({
    queryKey: ['publicConfig'],
    queryFn: fetchPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  repeatPassword: string;
  /** The invitation token of the sign-up link (which organisation to join), when there is one. */
  invite?: string;
}

export interface PasswordReset {
  uid: string;
  token: string;
  password: string;
  repeatPassword: string;
}

/** The verification page: the token of the mailed link and the password chosen at sign-up. */
export interface EmailVerification {
  token: string;
  password: string;
}

/** In the browser that signed up: the link's token and the secret the sign-up's answer gave it. */
export interface BrowserVerification {
  token: string;
  browserSecret: string;
}

export const credentialsWire: WireNames<Credentials, LoginRequest> = { email: 'email', password: 'password' };

export const registrationWire: WireNames<Registration, RegistrationRequest> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  password: 'password1',
  repeatPassword: 'password2',
  invite: 'invite',
};

export const emailVerificationWire: WireNames<EmailVerification, VerifyEmailRequest> = {
  token: 'key',
  password: 'password',
};

export const passwordResetWire: WireNames<PasswordReset, PasswordResetConfirmRequest> = {
  uid: 'uid',
  token: 'token',
  password: 'new_password1',
  repeatPassword: 'new_password2',
};

/** A first step's outcome: the session, or (two-factor on) the token of the code step. */
export type SignInOutcome = { kind: 'session'; session: Session } | { kind: 'mfa'; mfaToken: string };

/** An answer that is neither a key (user_id and key) nor a code request is a ResponseShapeError. */
export function signInOutcome(answer: LoginOrMfaResponse): SignInOutcome {
  if ('mfa_required' in answer) return { kind: 'mfa', mfaToken: answer.mfa_token };
  return { kind: 'session', session: { id: answer.user_id, token: answer.key } };
}

export async function login(credentials: Credentials): Promise<SignInOutcome> {
  const answer = await apiRequest(authApi.login, { body: toWire(credentials, credentialsWire) });
  return signInOutcome(answer);
}

/** The second step of a login: a final answer without user_id and key is a ResponseShapeError. */
export async function loginWithMfa(input: { mfaToken: string; code: string }): Promise<Session> {
  const answer = await apiRequest(authApi.loginMfa, {
    body: { mfa_token: input.mfaToken, code: input.code },
  });
  return { id: answer.user_id, token: answer.key };
}

export interface GoogleCode {
  code: string;
  codeVerifier: string;
  nonce: string;
  /** The invitation token of the sign-up link the round trip started from. */
  invite?: string;
}

export async function loginWithGoogle(google: GoogleCode): Promise<SignInOutcome> {
  const answer = await apiRequest(authApi.google, {
    body: {
      code: google.code,
      code_verifier: google.codeVerifier,
      nonce: google.nonce,
      ...(google.invite && { invite: google.invite }),
    },
  });
  return signInOutcome(answer);
}

/**
 * The spec counts a detail in the answer as success; without one it is a ResponseShapeError.
 * This browser keeps the answer's secret, so the mailed link verifies here without the password.
 */
export async function register(registration: Registration): Promise<string> {
  const answer = await apiRequest(authApi.register, { body: toWire(registration, registrationWire) });
  rememberSignupSecret(registration.email, answer.browser_secret);
  return answer.detail;
}

/** What the mailed link is now (pending, verified, invalid), read without changing anything. */
export function verificationLinkState(token: string): Promise<VerificationLinkState> {
  return apiRequest(authApi.verificationLink, { params: { token } });
}

/** Verifies the address of the link's sign-up; resolves to the server's confirmation. */
export async function verifyEmail(verification: EmailVerification | BrowserVerification): Promise<string> {
  const body =
    'browserSecret' in verification
      ? { key: verification.token, browser_secret: verification.browserSecret }
      : toWire(verification, emailVerificationWire);
  const answer = await apiRequest(authApi.verifyEmail, { body: verifyEmailRequest.parse(body) });
  return answer.detail;
}

export async function logout(): Promise<void> {
  await apiRequest(authApi.logout, {});
}

export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiRequest(authApi.requestPasswordReset, { body: { email } });
  return answer.detail;
}

export async function confirmPasswordReset(reset: PasswordReset): Promise<string> {
  const answer = await apiRequest(authApi.confirmPasswordReset, {
    params: { uid: reset.uid, token: reset.token },
    body: toWire(reset, passwordResetWire),
  });
  return answer.detail;
}
