/**
 * Refuses passwords from the list of the most used ones (ASVS 6.2.4): about 49,000 entries of
 * zxcvbn-ts's common dictionary, kept on the server only so the list never enters the web bundle.
 */
import { PRODUCT_NAME, SESSION_MESSAGES } from '@keystone/contract';
import { badRequest } from './errors';

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * Loaded and built on first use: the dictionaries' module is large (several MiB resident) and
 * decompressing the list takes a few milliseconds, neither of which an idle server needs.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('./commonPasswordList').then((list) => list.COMMON_PASSWORDS);
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

/**
 * Words of this context an attacker tries first (ASVS 6.1.2): the product's name, and the person's
 * own names and the name part of their e-mail address, when they are long enough to matter.
 */
function contextWords(personal: readonly string[]): string[] {
  const words = [PRODUCT_NAME, ...personal.flatMap((text) => text.split(/[@\s._+-]+/))];
  return words
    .map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter((word) => word.length >= MIN_CORE_LENGTH);
}

/** The message for a password that is common or built on context words, or null. */
export async function commonPasswordProblem(
  password: string,
  personal: readonly string[] = [],
): Promise<string | null> {
  const list = await commonPasswords();
  if (candidates(password).some((form) => list.has(form))) return SESSION_MESSAGES.passwordTooCommon;
  const lower = password.toLowerCase();
  if (contextWords(personal).some((word) => lower.includes(word)))
    return SESSION_MESSAGES.passwordHasContextWords;
  return null;
}

/**
 * Throws a 400 with the message under `field` (e.g. 'password1') when the password is common or
 * contains `personal` words (the person's e-mail and names, where known).
 */
export async function refuseCommonPassword(
  password: string,
  field: string,
  personal: readonly string[] = [],
): Promise<void> {
  const problem = await commonPasswordProblem(password, personal);
  if (problem) throw badRequest(problem, { [field]: [problem] });
}
