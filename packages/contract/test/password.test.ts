import { describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_RULES, PASSWORD_SPECIAL_CHARACTERS, passwordProblems } from '../src';

describe('PASSWORD_RULES', () => {
  it('should hold the five rules of spec §5 in checklist order with their messages', () => {
    expect(PASSWORD_RULES.map((rule) => [rule.id, rule.message])).toEqual([
      ['length', 'Password must be at least 8 characters long'],
      ['uppercase', 'Must include an uppercase letter'],
      ['lowercase', 'Must include a lowercase letter'],
      ['number', 'Must include a number'],
      ['special', 'Must include a special character'],
    ]);
  });

  it('should use exactly the special characters of the spec', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('!@#$%^&*(),.?":{}|<>');
  });
});

describe('passwordProblems', () => {
  it('should accept a password that follows every rule', () => {
    expect(passwordProblems('Abcdef1!')).toEqual([]);
  });

  it('should report every rule an empty password breaks, in order', () => {
    expect(passwordProblems('')).toEqual([
      MESSAGES.passwordMinLength,
      MESSAGES.passwordUppercase,
      MESSAGES.passwordLowercase,
      MESSAGES.passwordNumber,
      MESSAGES.passwordSpecial,
    ]);
  });

  it('should require at least 8 characters', () => {
    expect(passwordProblems('Abcde1!')).toEqual([MESSAGES.passwordMinLength]);
    expect(passwordProblems('Abcdef1!')).toEqual([]);
  });

  it('should require an uppercase letter', () => {
    expect(passwordProblems('abcdef1!')).toEqual([MESSAGES.passwordUppercase]);
  });

  it('should require a lowercase letter', () => {
    expect(passwordProblems('ABCDEF1!')).toEqual([MESSAGES.passwordLowercase]);
  });

  it('should require a number', () => {
    expect(passwordProblems('Abcdefg!')).toEqual([MESSAGES.passwordNumber]);
  });

  it('should require a special character', () => {
    expect(passwordProblems('Abcdefg1')).toEqual([MESSAGES.passwordSpecial]);
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])('should count %s as a special character', (character) => {
    expect(passwordProblems(`Abcdefg1${character}`)).toEqual([]);
  });

  it.each([..."-_+=~/\\'[];`"])('should not count %s as a special character', (character) => {
    expect(passwordProblems(`Abcdefg1${character}`)).toEqual([MESSAGES.passwordSpecial]);
  });

  it('should not count a space as a special character', () => {
    expect(passwordProblems('Abcdefg1 ')).toEqual([MESSAGES.passwordSpecial]);
  });
});
