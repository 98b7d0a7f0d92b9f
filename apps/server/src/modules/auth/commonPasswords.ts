/**
 * Refuses passwords from the list of the most used ones (ASVS 6.2.4): about 49,000 entries of
 * zxcvbn-ts's common dictionary, kept on the server only so the list never enters the web bundle.
 */
import { SESSION_MESSAGES } from '@keystone/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../http/errors';

let common: ReadonlySet<string> | undefined;

/** Built on first use: decompressing the list takes a few milliseconds we do not pay at start-up. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common;
}

/** Shorter cores ("ab" of "Ab1!Ab1!") are too short to mean the password came from the list. */
const MIN_CORE_LENGTH = 4;

/**
 * The forms a common password takes once the composition rules forced an uppercase letter, a digit
 * and a symbol onto it: "Password1!" is "password" with the case changed and "1!" added.
 */
function candidates(password: string): string[] {
  const lower = password.toLowerCase();
  const trimmed = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const lettersOnly = lower.replace(/[^\p{L}]+/gu, '');
  return [lower, trimmed, lettersOnly].filter((form, index) => index === 0 || form.length >= MIN_CORE_LENGTH);
}

/** The message for a password from the common list, or null. Apply wherever a password is set. */
export function commonPasswordProblem(password: string): string | null {
  const list = commonPasswords();
  return candidates(password).some((form) => list.has(form)) ? SESSION_MESSAGES.passwordTooCommon : null;
}

/** Throws a 400 with the message under `field` (e.g. 'password1') when the password is common. */
export function refuseCommonPassword(password: string, field: string): void {
  const problem = commonPasswordProblem(password);
  if (problem) throw badRequest(problem, { [field]: [problem] });
}
