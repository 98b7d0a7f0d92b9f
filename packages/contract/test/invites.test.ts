import { describe, expect, it } from 'vitest';
import { createInvitesRequest, fieldErrors, LIMITS, MESSAGES, parseInviteText } from '../src';

describe('parseInviteText', () => {
  it('should split on commas and trim each address', () => {
    expect(parseInviteText(' a@x.com ,b@x.com,   c@x.com ')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });

  it('should split on new lines and drop empty entries', () => {
    expect(parseInviteText('a@x.com\nb@x.com,\n, ,\tc@x.com\t')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });

  it('should strip the editor markup, treating each paragraph as a separate entry', () => {
    expect(parseInviteText('<p>a@x.com, <strong>b@x.com</strong></p><p>c@x.com</p>')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
    ]);
    expect(parseInviteText('<p>a@x.com</p>\n<p>b@x.com</p>')).toEqual(['a@x.com', 'b@x.com']);
  });

  it('should decode entities after stripping tags', () => {
    expect(parseInviteText('<p>a&amp;b@x.com&nbsp;</p>')).toEqual(['a&b@x.com']);
  });

  it('should give nothing for empty text', () => {
    expect(parseInviteText('')).toEqual([]);
    expect(parseInviteText('<p></p>')).toEqual([]);
    expect(parseInviteText(' , ,')).toEqual([]);
  });

  it('should keep addresses separated only by spaces together, so they fail validation', () => {
    expect(parseInviteText('a@x.com b@x.com')).toEqual(['a@x.com b@x.com']);
  });
});

describe('createInvitesRequest', () => {
  const errorsOf = (input: unknown) => {
    const result = createInvitesRequest.safeParse(input);
    return result.success ? null : fieldErrors(result.error.issues);
  };

  it('should accept a JSON array of e-mails, lower-cased and trimmed', () => {
    expect(createInvitesRequest.parse([' A@X.com', 'b@x.com '])).toEqual(['a@x.com', 'b@x.com']);
  });

  it('should accept the {emails} form', () => {
    expect(createInvitesRequest.parse({ emails: ['A@X.com'] })).toEqual({ emails: ['a@x.com'] });
  });

  it('should refuse an invalid entry with "Invalid email address"', () => {
    expect(errorsOf(['a@x.com', 'not an email'])).toEqual({ '1': [MESSAGES.invalidEmail] });
    expect(errorsOf({ emails: ['a@x.com', 'nope'] })).toEqual({ 'emails.1': [MESSAGES.invalidEmail] });
  });

  it('should refuse an empty list with "Invalid email address"', () => {
    expect(errorsOf([])).toEqual({ non_field_errors: [MESSAGES.invalidEmail] });
    expect(errorsOf({ emails: [] })).toEqual({ emails: [MESSAGES.invalidEmail] });
  });

  it('should refuse more than the per-request limit', () => {
    const many = Array.from({ length: LIMITS.invitesPerRequest + 1 }, (_, i) => `p${i}@x.com`);
    expect(createInvitesRequest.safeParse(many).success).toBe(false);
    expect(createInvitesRequest.safeParse(many.slice(1)).success).toBe(true);
  });

  it.each([null, 'a@x.com', 42, {}, { emails: 'a@x.com' }])('should refuse the body %j', (input) => {
    expect(createInvitesRequest.safeParse(input).success).toBe(false);
  });
});
