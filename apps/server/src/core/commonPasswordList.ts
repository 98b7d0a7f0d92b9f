/**
 * The common-password list as a set, in a module of its own so that commonPasswords.ts loads it
 * (and zxcvbn-ts's large dictionaries) on first use only.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].map((entry) => entry.toLowerCase()),
);
