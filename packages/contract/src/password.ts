/** Password rules of spec §5, as a checklist the browser shows live and the server enforces. */
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  message: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', message: MESSAGES.passwordMinLength, test: (p) => p.length >= LIMITS.passwordMin },
  { id: 'uppercase', message: MESSAGES.passwordUppercase, test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', message: MESSAGES.passwordLowercase, test: (p) => /[a-z]/.test(p) },
  { id: 'number', message: MESSAGES.passwordNumber, test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    message: MESSAGES.passwordSpecial,
    test: (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
];

/** The messages of every rule the password breaks, in checklist order. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}
