import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  fieldErrors,
  googleLoginRequest,
  LIMITS,
  loginRequest,
  MESSAGES,
  passwordResetConfirmRequest,
  passwordResetRequest,
  registrationRequest,
} from '../src';

/** `{field: [messages]}` for a failed parse, or null when the input is accepted. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  return result.success ? null : fieldErrors(result.error.issues);
}

const signup = {
  email: 'ada@example.com',
  password1: 'Good-pass1!',
  password2: 'Good-pass1!',
  first_name: 'Ada',
  last_name: 'Lovelace',
};

describe('registrationRequest', () => {
  it('should accept a complete sign-up and lower-case and trim the e-mail', () => {
    const parsed = registrationRequest.parse({ ...signup, email: '  Ada@Example.COM ' });
    expect(parsed).toEqual({ ...signup, email: 'ada@example.com' });
  });

  it('should trim the names', () => {
    const parsed = registrationRequest.parse({ ...signup, first_name: ' Ada ', last_name: ' Byron ' });
    expect([parsed.first_name, parsed.last_name]).toEqual(['Ada', 'Byron']);
  });

  it('should give each missing field its spec message', () => {
    expect(errorsOf(registrationRequest, {})).toEqual({
      email: [MESSAGES.invalidEmail],
      password1: [MESSAGES.passwordMinLength],
      password2: [MESSAGES.passwordsMustMatch],
      first_name: [MESSAGES.firstNameRequired],
      last_name: [MESSAGES.lastNameRequired],
    });
  });

  it.each(['not-an-email', 'a@b', 'a b@c.com', '@example.com', 'a@example.c', ''])(
    'should refuse the e-mail %j with "Invalid email address"',
    (email) => {
      expect(errorsOf(registrationRequest, { ...signup, email })).toEqual({ email: [MESSAGES.invalidEmail] });
    },
  );

  it('should refuse blank names', () => {
    expect(errorsOf(registrationRequest, { ...signup, first_name: '   ', last_name: '' })).toEqual({
      first_name: [MESSAGES.firstNameRequired],
      last_name: [MESSAGES.lastNameRequired],
    });
  });

  it('should refuse names longer than the limit', () => {
    const long = 'a'.repeat(LIMITS.personName + 1);
    expect(Object.keys(errorsOf(registrationRequest, { ...signup, first_name: long }) ?? {})).toEqual([
      'first_name',
    ]);
  });

  it('should list every password rule the first password breaks', () => {
    expect(errorsOf(registrationRequest, { ...signup, password1: 'short', password2: 'short' })).toEqual({
      password1: [
        MESSAGES.passwordMinLength,
        MESSAGES.passwordUppercase,
        MESSAGES.passwordNumber,
        MESSAGES.passwordSpecial,
      ],
    });
  });

  it('should require both passwords to match', () => {
    expect(errorsOf(registrationRequest, { ...signup, password2: 'Good-pass1?' })).toEqual({
      password2: [MESSAGES.passwordsMustMatch],
    });
  });

  it('should refuse a password longer than the limit', () => {
    const long = `Aa1!${'x'.repeat(LIMITS.passwordMax)}`;
    expect(errorsOf(registrationRequest, { ...signup, password1: long, password2: long })?.password1).toEqual(
      [`Password must be at most ${LIMITS.passwordMax} characters long`],
    );
  });
});

describe('loginRequest', () => {
  it('should accept an e-mail and a password, trimming the e-mail', () => {
    expect(loginRequest.parse({ email: ' ada@example.com ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it('should require both fields', () => {
    expect(errorsOf(loginRequest, {})).toEqual({
      email: [MESSAGES.invalidEmail],
      password: ['Password is required'],
    });
    expect(errorsOf(loginRequest, { email: '  ', password: '' })).toEqual({
      email: [MESSAGES.invalidEmail],
      password: ['Password is required'],
    });
  });

  it('should refuse wrong types', () => {
    expect(errorsOf(loginRequest, { email: 42, password: ['x'] })).toEqual({
      email: [MESSAGES.invalidEmail],
      password: ['Password is required'],
    });
  });
});

describe('googleLoginRequest', () => {
  const verifier = 'v'.repeat(43);
  const nonce = 'n'.repeat(16);

  it('should require a non-empty code', () => {
    expect(googleLoginRequest.parse({ code: 'abc', code_verifier: verifier, nonce })).toEqual({
      code: 'abc',
      code_verifier: verifier,
      nonce,
    });
    expect(errorsOf(googleLoginRequest, { code_verifier: verifier, nonce })).toEqual({
      code: ['A Google sign-in code is required.'],
    });
    expect(errorsOf(googleLoginRequest, { code: '', code_verifier: verifier, nonce })).toEqual({
      code: ['A Google sign-in code is required.'],
    });
  });

  it('should require the PKCE verifier and the nonce', () => {
    const errors = errorsOf(googleLoginRequest, { code: 'abc', code_verifier: 'short', nonce: 'x' });
    expect(Object.keys(errors ?? {}).sort()).toEqual(['code_verifier', 'nonce']);
    expect(errorsOf(googleLoginRequest, { code: 'abc' })).toEqual({
      code_verifier: ['A PKCE code verifier is required.'],
      nonce: ['A sign-in nonce is required.'],
    });
  });
});

describe('passwordResetRequest', () => {
  it('should accept a valid e-mail, lower-cased and trimmed', () => {
    expect(passwordResetRequest.parse({ email: ' Ada@Example.com ' })).toEqual({ email: 'ada@example.com' });
  });

  it('should refuse an invalid or missing e-mail with "Invalid email address"', () => {
    expect(errorsOf(passwordResetRequest, { email: 'nope' })).toEqual({ email: [MESSAGES.invalidEmail] });
    expect(errorsOf(passwordResetRequest, {})).toEqual({ email: [MESSAGES.invalidEmail] });
  });
});

describe('passwordResetConfirmRequest', () => {
  const confirm = { uid: 'MQ', token: 't', new_password1: 'New-pass1!', new_password2: 'New-pass1!' };

  it('should accept new matching passwords, with or without uid and token', () => {
    expect(passwordResetConfirmRequest.parse(confirm)).toEqual(confirm);
    const { uid: _uid, token: _token, ...passwords } = confirm;
    expect(passwordResetConfirmRequest.parse(passwords)).toEqual(passwords);
  });

  it('should enforce the password rules on the first password', () => {
    expect(
      errorsOf(passwordResetConfirmRequest, {
        ...confirm,
        new_password1: 'abcdefgh',
        new_password2: 'abcdefgh',
      }),
    ).toEqual({
      new_password1: [MESSAGES.passwordUppercase, MESSAGES.passwordNumber, MESSAGES.passwordSpecial],
    });
  });

  it('should require both passwords to match', () => {
    expect(errorsOf(passwordResetConfirmRequest, { ...confirm, new_password2: 'New-pass2!' })).toEqual({
      new_password2: [MESSAGES.passwordsMustMatch],
    });
  });

  it('should require the passwords', () => {
    expect(errorsOf(passwordResetConfirmRequest, { uid: 'MQ', token: 't' })).toEqual({
      new_password1: [MESSAGES.passwordMinLength],
      new_password2: [MESSAGES.passwordsMustMatch],
    });
  });
});
