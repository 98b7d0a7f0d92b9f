/**
 * The secret in a printed or mailed link (setup, e-mail verification): 32 random bytes in
 * base64url, always 43 characters. A token of another shape was mangled on its way (cut short,
 * or copied with what followed it), which a page can say without asking the server.
 */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedLinkToken(token: string): boolean {
  return LINK_TOKEN.test(token);
}
