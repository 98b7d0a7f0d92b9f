/**
 * Names people chose themselves, made safe to put in a mail: a name that could carry a line break
 * (a forged header or paragraph) or read as a link (mail clients turn "evil.example" into one) is
 * not used; the mail says `fallback` instead.
 */
const LINK_LIKE = /:\/\/|\bwww\.|@|[\p{L}\p{N}-]+\.[\p{L}]{2,}/iu;
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export function mailName(name: string | null | undefined, fallback: string): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed || CONTROL.test(trimmed) || LINK_LIKE.test(trimmed)) return fallback;
  return trimmed;
}
