/** The link dialog's rule (spec §5): http and https only; a bare host gets https://; empty removes. */

import { STRATEGY_MESSAGES } from '@keystone/contract';
export type LinkAddress =
  | { kind: 'set'; href: string }
  | { kind: 'remove' }
  | { kind: 'invalid'; message: string };

export const LINK_PROTOCOL_MESSAGE = STRATEGY_MESSAGES.linkProtocolOnly;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function readLinkAddress(input: string): LinkAddress {
  const text = input.trim();
  if (text.length === 0) return { kind: 'remove' };
  // "example.com/page" has no scheme; "mailto:x", "javascript:x" and "ftp://x" have one we refuse.
  const withScheme = SCHEME.test(text) && !/^[^:/]+:\d/.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { kind: 'invalid', message: STRATEGY_MESSAGES.notAWebAddress };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'invalid', message: LINK_PROTOCOL_MESSAGE };
  }
  return { kind: 'set', href: url.href };
}
