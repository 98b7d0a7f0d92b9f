/** Sign-up in tests the way a person does it: sign up, open the mailed link, enter the password. */
import type { ReceivedMail } from '../../../../testing/smtp';
import type { ApiResponse, TestServer } from './testServer';

export interface Signup {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** The sign-up link's invitation token; by default the one server.invite() made; null: none. */
  invite?: string | null;
}

/** Signs up as the invitation mail's link does: with the invitation's token. */
export function signUp(server: TestServer, signup: Signup): Promise<ApiResponse> {
  const invite =
    signup.invite === undefined ? server.inviteTokens.get(signup.email.toLowerCase()) : signup.invite;
  return server.api('POST', '/api/auth/registration/', {
    body: {
      email: signup.email,
      password1: signup.password,
      password2: signup.password,
      first_name: signup.firstName ?? 'Ada',
      last_name: signup.lastName ?? 'Lovelace',
      ...(invite && { invite }),
    },
  });
}

/** The invitation token of the sign-up link in the invitation mail to the address. */
export async function inviteTokenFromMail(server: TestServer, email: string): Promise<string> {
  const mail = await server.smtp.waitFor(email, /invited you/);
  const link = mail.links.find((candidate) => candidate.includes('/signup?'));
  const token = link && new URL(link).searchParams.get('invite');
  if (!token) throw new Error(`no sign-up link with an invitation token in the mail to ${email}`);
  return token;
}

/** The verification link of a sign-up mail: the web page /verify-email/{token}. */
export function verificationLink(mail: ReceivedMail): string {
  const link = mail.links.find((candidate) => candidate.includes('/verify-email/'));
  if (!link) throw new Error(`no verification link in the mail to ${mail.to}`);
  return link;
}

export function tokenOf(link: string): string {
  return decodeURIComponent(new URL(link).pathname.split('/').pop()!);
}

/** What the verification page sends: the link's token and the password typed on the page. */
export function verify(server: TestServer, token: string, password: string): Promise<ApiResponse> {
  return server.api('POST', '/api/auth/registration/verify-email/', { body: { key: token, password } });
}

/** Waits for the `count`-th verification mail to the address (earlier ones stay in the inbox). */
export async function nthVerificationMail(
  server: TestServer,
  email: string,
  count: number,
): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = server.smtp.mailsTo(email).filter((mail) => /Confirm your e-mail/.test(mail.subject));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no verification mail #${count} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs up, then verifies from the mail with the same password; fails loudly if a step does. */
export async function signUpAndVerify(server: TestServer, signup: Signup): Promise<void> {
  const registration = await signUp(server, signup);
  if (registration.status !== 201) throw new Error(`sign-up answered ${registration.status}`);
  const mail = await server.smtp.waitFor(signup.email, /Confirm your e-mail/);
  const verified = await verify(server, tokenOf(verificationLink(mail)), signup.password);
  if (verified.status !== 200)
    throw new Error(`verification answered ${verified.status}: ${JSON.stringify(verified.body)}`);
}
