/**
 * Rich text is stored as sanitised HTML (DESIGN §3): an allow-list of formatting tags, links
 * with http/https only, no scripts, styles or event handlers. What the editor produces passes
 * through unchanged; anything else is reduced to its text.
 */
import { MESSAGES, plainText } from '@keystone/contract';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from './errors';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'h1',
    'h2',
    'h3',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * A required field must still say something once sanitised: `<script>x</script>` has text
 * before sanitising and none after.
 */
export function requirePlainText(field: string, sanitised: string): string {
  if (plainText(sanitised).trim().length === 0)
    throw badRequest(MESSAGES.fieldEmpty, { [field]: [MESSAGES.fieldEmpty] });
  return sanitised;
}
