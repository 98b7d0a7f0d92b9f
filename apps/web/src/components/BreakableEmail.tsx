/**
 * An e-mail address that a narrow column may wrap only where a reader expects it: after the "@"
 * and before a dot, never inside a word ("alice@acme.t / est"). A part too long for its column
 * still overflows it, so a table scrolls in its own box rather than cutting a name in two.
 */
import { Fragment } from 'react';

export function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at + 1), ...email.slice(at + 1).split(/(?=\.)/)];
  return (
    <span style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {/* Not at its hyphens either: a break there reads as a hyphenated word. */}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
