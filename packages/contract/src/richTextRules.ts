/** Validation of rich-text and title fields: limits count plain text after removing markup (spec §5). */
import { MESSAGES } from './messages';
import { plainText, plainTextLength } from './richText';
import { z } from './z';

/** Longest HTML accepted for a field, whatever its plain-text length: markup has bounds too. */
export const MAX_HTML_LENGTH = 20_000;

interface RichTextOptions {
  max: number;
  /** Rejects empty plain text with 'Field should not be empty.' */
  required?: boolean;
  /** Rejects null with 'A valid title is required.' (titles). */
  nullMessage?: string;
  /** Single-line fields (titles, work plan, timeline description) accept no line break. */
  singleLine?: boolean;
}

const LINE_BREAK = /<br[\s/>]|\n/i;
/** Blocks (paragraphs, headings, list items…): more than one means more than one line. */
const BLOCK_START = /<(?:p|h[1-6]|li|div|blockquote|pre|tr)[\s>]/gi;

function hasLineBreak(html: string): boolean {
  return LINE_BREAK.test(html) || (html.match(BLOCK_START)?.length ?? 0) > 1;
}
export const NO_LINE_BREAK_MESSAGE = 'This field accepts no line break.';

export function richTextSchema(options: RichTextOptions) {
  const base = z
    .string({ error: options.nullMessage ?? 'A text value is required.' })
    .max(MAX_HTML_LENGTH, MESSAGES.charactersReached)
    .superRefine((value, ctx) => {
      if (options.required && plainText(value).trim().length === 0) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.fieldEmpty });
      }
      if (plainTextLength(value) > options.max) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.charactersReached });
      }
      if (options.singleLine && hasLineBreak(value.trim())) {
        ctx.addIssue({ code: 'custom', message: NO_LINE_BREAK_MESSAGE });
      }
    });
  return base;
}
