/**
 * The secret a sign-up's answer gives the browser that made it, kept per address in localStorage:
 * sent with the mailed link's token, it verifies the address in this browser without the password
 * again. Elsewhere (another device, a mail client's browser) the page asks for the password.
 */
const PREFIX = 'signupSecret:';

const keyOf = (email: string) => `${PREFIX}${email.trim().toLowerCase()}`;

export function rememberSignupSecret(email: string, secret: string): void {
  localStorage.setItem(keyOf(email), secret);
}

export function signupSecretFor(email: string): string | null {
  return localStorage.getItem(keyOf(email));
}

export function forgetSignupSecret(email: string): void {
  localStorage.removeItem(keyOf(email));
}
