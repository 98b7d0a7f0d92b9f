/** The account mails: e-mail verification, password reset, invitation, password-changed notice. */
import { PRODUCT_NAME } from '@keystone/contract';
import { type MailContent, renderMail } from './layout';
import { mailName } from './names';

/** "Hello Ada,", or "Hello," when the name is missing or unfit for a mail. */
const greeting = (firstName: string) => {
  const name = mailName(firstName, '');
  return name ? `Hello ${name},` : 'Hello,';
};

export function verificationMail(firstName: string, link: string): MailContent {
  return renderMail({
    subject: `Confirm your e-mail address for ${PRODUCT_NAME}`,
    greeting: greeting(firstName),
    paragraphs: [
      `Welcome to ${PRODUCT_NAME}. Please confirm that this is your e-mail address to finish setting up your account.`,
      'The link opens a page that asks for the password you chose when signing up; entering it confirms the address.',
    ],
    action: { label: 'Confirm e-mail address', url: link },
    footnote:
      'The link works for 7 days, and only the latest sign-up link works. If you did not sign up, you can ignore this e-mail: nothing changes.',
  });
}

export function passwordResetMail(firstName: string, link: string): MailContent {
  return renderMail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: greeting(firstName),
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new password with the link below.',
    ],
    action: { label: 'Choose a new password', url: link },
    footnote:
      'The link works once, for 24 hours. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  });
}

export function inviteMail(inviterName: string, organisationName: string, link: string): MailContent {
  const inviter = mailName(inviterName, 'A colleague');
  const organisation = mailName(organisationName, 'their organisation');
  return renderMail({
    subject: `${inviter} invited you to ${PRODUCT_NAME}`,
    greeting: 'Hello,',
    paragraphs: [
      `${inviter} invited you to join ${organisation} on ${PRODUCT_NAME}, where you plan strategy on one page and report progress together.`,
      'Create your account with this e-mail address to accept the invitation.',
    ],
    action: { label: 'Create your account', url: link },
  });
}

export interface PasswordNotice {
  /** 'changed' from the profile settings, 'reset' from a reset link. */
  how: 'changed' | 'reset';
  at: Date;
  /** The browser it was done from, in words ("Firefox on Windows"). */
  browser: string;
  ip: string;
  /** Where to ask for a reset link: /forgot-password. */
  forgotPasswordLink: string;
}

/** Tells the owner their password changed, so someone else doing it does not go unnoticed. */
export function passwordChangedMail(firstName: string, notice: PasswordNotice): MailContent {
  const when = `${notice.at.toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  const from = notice.ip ? `${notice.browser} (address ${notice.ip})` : notice.browser;
  return renderMail({
    subject: `Your ${PRODUCT_NAME} password was changed`,
    greeting: greeting(firstName),
    paragraphs: [
      notice.how === 'reset'
        ? `The password of your account was reset with a link from a reset e-mail on ${when}, from ${from}.`
        : `The password of your account was changed on ${when}, from ${from}.`,
      notice.how === 'reset'
        ? 'Every session of your account has been logged out.'
        : 'Every other session of your account has been logged out.',
      'If this was you, there is nothing more to do.',
      'If it was not you, someone else may know your password or have access to your e-mail: choose a new password straight away with the link below, and tell your admin.',
    ],
    action: { label: 'Reset your password', url: notice.forgotPasswordLink },
  });
}
