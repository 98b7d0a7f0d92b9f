/** Account calls of spec §7: login, Google sign-in, registration, e-mail verification, logout and password reset. */
import {
  detailResponse,
  type LoginOrMfaResponse,
  loginOrMfaResponse,
  verifyEmailRequest,
} from '@keystone/contract';
import { legacyApiRequest } from './client';
import type { Session } from './session';
import { toWire, type WireNames } from './wireForms';

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

export const credentialsWire: WireNames<Credentials> = { email: 'email', password: 'password' };

export const registrationWire: WireNames<Registration> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  password: 'password1',
  repeatPassword: 'password2',
  invite: 'invite',
};

export const emailVerificationWire: WireNames<EmailVerification> = { token: 'key', password: 'password' };

export const passwordResetWire: WireNames<PasswordReset> = {
  uid: 'uid',
  token: 'token',
  password: 'new_password1',
  repeatPassword: 'new_password2',
};

/** A first step's outcome: the session, or (two-factor on) the token of the code step. */
export type SignInOutcome = { kind: 'session'; session: Session } | { kind: 'mfa'; mfaToken: string };

/** An answer that is neither a key (user_id and key) nor a code request is a ResponseShapeError. */
function signInOutcome(answer: LoginOrMfaResponse): SignInOutcome {
  if ('mfa_required' in answer) return { kind: 'mfa', mfaToken: answer.mfa_token };
  return { kind: 'session', session: { id: answer.user_id, token: answer.key } };
}

export async function login(credentials: Credentials): Promise<SignInOutcome> {
  const answer = await legacyApiRequest('/auth/login/', {
    method: 'POST',
    body: toWire(credentials, credentialsWire),
    response: loginOrMfaResponse,
  });
  return signInOutcome(answer);
}

export interface GoogleCode {
  code: string;
  codeVerifier: string;
  nonce: string;
  /** The invitation token of the sign-up link the round trip started from. */
  invite?: string;
}

export async function loginWithGoogle(google: GoogleCode): Promise<SignInOutcome> {
  const answer = await legacyApiRequest('/auth/social/google', {
    method: 'POST',
    body: {
      code: google.code,
      code_verifier: google.codeVerifier,
      nonce: google.nonce,
      ...(google.invite && { invite: google.invite }),
    },
    response: loginOrMfaResponse,
  });
  return signInOutcome(answer);
}

/** The spec counts a detail in the answer as success; without one it is a ResponseShapeError. */
export async function register(registration: Registration): Promise<string> {
  const answer = await legacyApiRequest('/auth/registration/', {
    method: 'POST',
    body: toWire(registration, registrationWire),
    response: detailResponse,
  });
  return answer.detail;
}

/** Verifies the address of the link's sign-up; resolves to the server's confirmation. */
export async function verifyEmail(verification: EmailVerification): Promise<string> {
  const answer = await legacyApiRequest('/auth/registration/verify-email/', {
    method: 'POST',
    body: verifyEmailRequest.parse(toWire(verification, emailVerificationWire)),
    response: detailResponse,
  });
  return answer.detail;
}

export async function logout(): Promise<void> {
  await legacyApiRequest('/auth/logout/', { method: 'POST', response: detailResponse });
}

export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await legacyApiRequest('/auth/password/reset/', {
    method: 'POST',
    body: { email },
    response: detailResponse,
  });
  return answer.detail;
}

export async function confirmPasswordReset(reset: PasswordReset): Promise<string> {
  const path = `/auth/password/reset/confirm/${encodeURIComponent(reset.uid)}/${encodeURIComponent(reset.token)}/`;
  const answer = await legacyApiRequest(path, {
    method: 'POST',
    body: toWire(reset, passwordResetWire),
    response: detailResponse,
  });
  return answer.detail;
}
