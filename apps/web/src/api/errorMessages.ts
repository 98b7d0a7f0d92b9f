/** The one mapping from a failed call to the text a user sees (spec §8). */
import { AUTH_CODES, MESSAGES } from '@keystone/contract';
import { ApiError, ResponseShapeError } from './client';

/** The server's own message when it gave one, else the screen's default text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

/** The organisation signs in through its provider: said after the password (or Google) matched. */
export function isSsoRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === AUTH_CODES.ssoRequired;
}

/** Login and Google sign-in: a 403 means the account was never invited, unless single sign-on is required. */
export function loginErrorMessage(error: unknown): string {
  // The server's words (SSO_MESSAGES.ssoRequired): sso.ts's schemas stay out of every page's bundle.
  if (isSsoRequired(error)) return errorMessage(error, MESSAGES.loginFailed);
  if (error instanceof ApiError && error.status === 403) return MESSAGES.inviteOnly;
  if (error instanceof ResponseShapeError) return MESSAGES.invalidLoginResponse;
  return errorMessage(error, MESSAGES.loginFailed);
}

export function googleLoginErrorMessage(error: unknown): string {
  if (isSsoRequired(error)) return errorMessage(error, MESSAGES.googleLoginFailed);
  if (error instanceof ApiError && error.status === 403) return MESSAGES.inviteOnly;
  return MESSAGES.googleLoginFailed;
}

/** Signup keeps the spec's fixed texts; per-field problems are shown on the fields themselves. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return MESSAGES.inviteOnly;
  if (error instanceof ResponseShapeError) return MESSAGES.invalidSignupResponse;
  return MESSAGES.signupFailed;
}

/** A 400 explains itself (e.g. an expired link); anything else gets the spec's default. */
export function resetPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.detail) return error.detail;
  return MESSAGES.resetFailed;
}
