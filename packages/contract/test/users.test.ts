import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  fullName,
  initials,
  isValidEmail,
  LIMITS,
  MESSAGES,
  updateUserDetailsRequest,
} from '../src';

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', ' ada@example.com ', 'ADA@EXAMPLE.COM'])(
    'should accept %j',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    'a da@example.com',
    'ada@@example.com',
    'ada@example.com,',
    '<ada@example.com>',
    'ada@exa(mple).com',
  ])('should refuse %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('should refuse an address longer than 254 characters', () => {
    const domain = '@example.com';
    expect(isValidEmail(`${'a'.repeat(LIMITS.email - domain.length)}${domain}`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(LIMITS.email - domain.length + 1)}${domain}`)).toBe(false);
  });
});

describe('fullName', () => {
  it('should join first and last name', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
  });

  it('should use whichever part is known', () => {
    expect(fullName('Ada', '')).toBe('Ada');
    expect(fullName(null, 'Lovelace')).toBe('Lovelace');
  });

  it('should give null when neither is known', () => {
    expect(fullName(null, undefined)).toBeNull();
    expect(fullName('', '  ')).toBeNull();
  });
});

describe('initials', () => {
  it('should take the first letters of the first and last word of the name, upper-cased', () => {
    expect(initials({ name: 'Ada Lovelace', email: 'x@y.com' })).toBe('AL');
    expect(initials({ name: 'ada king  lovelace ', email: 'x@y.com' })).toBe('AL');
  });

  it('should take one letter for a one-word name', () => {
    expect(initials({ name: 'ada', email: 'x@y.com' })).toBe('A');
  });

  it('should fall back to the e-mail without a name', () => {
    expect(initials({ name: null, email: 'zed@y.com' })).toBe('Z');
    expect(initials({ name: '  ', email: 'zed@y.com' })).toBe('Z');
    expect(initials({ email: 'zed@y.com' })).toBe('Z');
  });

  it('should give "?" with neither name nor e-mail', () => {
    expect(initials({ name: null, email: '' })).toBe('?');
  });

  it('should keep a character outside the basic plane whole', () => {
    expect(initials({ name: '😀 Smith', email: 'x@y.com' })).toBe('😀S');
    expect(initials({ name: null, email: '𝒜da@y.com' })).toBe('𝒜');
  });
});

describe('updateUserDetailsRequest', () => {
  const errorsOf = (input: unknown) => {
    const result = updateUserDetailsRequest.safeParse(input);
    return result.success ? null : fieldErrors(result.error.issues);
  };

  it('should accept the profile form, trimming the names and title', () => {
    expect(
      updateUserDetailsRequest.parse({
        id: 3,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        first_name: ' Ada ',
        last_name: 'Lovelace ',
        business_title: ' CTO ',
      }),
    ).toEqual({
      id: 3,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      business_title: 'CTO',
    });
  });

  it('should accept an empty update and an empty business title', () => {
    expect(updateUserDetailsRequest.parse({})).toEqual({});
    expect(updateUserDetailsRequest.parse({ business_title: '' })).toEqual({ business_title: '' });
  });

  it('should refuse empty names with the spec messages', () => {
    expect(errorsOf({ first_name: ' ', last_name: '' })).toEqual({
      first_name: [MESSAGES.firstNameRequired],
      last_name: [MESSAGES.lastNameRequired],
    });
  });

  it('should refuse values that are too long or not text', () => {
    expect(Object.keys(errorsOf({ business_title: 'x'.repeat(LIMITS.businessTitle + 1) }) ?? {})).toEqual([
      'business_title',
    ]);
    expect(Object.keys(errorsOf({ first_name: 1, last_name: null, email: [] }) ?? {}).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
    ]);
  });
});
