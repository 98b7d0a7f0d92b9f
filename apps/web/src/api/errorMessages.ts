/** The one mapping from a failed call to the text a user sees (spec §8). */
import { MESSAGES } from '@keystone/contract';
import { ApiError, ResponseShapeError } from './client';

/** The server's own message when it gave one, else the screen's default text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

/** Login and Google sign-in: a 403 means the account was never invited. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return MESSAGES.inviteOnly;
  if (error instanceof ResponseShapeError) return MESSAGES.invalidLoginResponse;
  return errorMessage(error, MESSAGES.loginFailed);
}

export function googleLoginErrorMessage(error: unknown): string {
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
