/**
 * A rich-text field's stored text as plain HTML, looking exactly like the editor at rest (same
 * classes, so the same styles and height). The server sanitises stored rich text (DESIGN §3);
 * displayHtml only drops what the editor's schema would. It announces itself as the text box the
 * editor will be, and is reachable with Tab when it may be edited; a pointer on it or focus asks
 * for the editor.
 */
import { type KeyboardEvent, type PointerEvent, type Ref, useMemo } from 'react';
import { displayHtml } from './displayHtml';

/** Text typed, or a key kept for the editor (select all, for typing over the text). */
export type BufferedKey = { text: string } | { command: 'Enter' | 'Backspace' | 'SelectAll' };

/** What the user did to a static view before the editor took its place. */
export interface Activation {
  /** Where the pointer went down (the caret goes there), or null for keyboard focus (the end). */
  at: { x: number; y: number } | null;
  /** Keys typed before the editor was ready, in order. */
  keys: BufferedKey[];
}

interface StaticRichTextProps {
  /** The text box itself (a new item's title is focused through it). */
  ref?: Ref<HTMLDivElement>;
  html: string;
  label: string;
  placeholder: string;
  singleLine: boolean;
  readOnly: boolean;
  /** The field's message is an error (WCAG 3.3.1: said by aria-invalid, besides the message). */
  invalid: boolean;
  helperId: string;
  activation: Activation;
  /** The editor is wanted now (focus or pointer down). */
  onActivate: () => void;
  /** The editor may be wanted soon (the pointer is over the field). */
  onPreload: () => void;
}

export function StaticRichText({
  ref,
  html,
  label,
  placeholder,
  singleLine,
  readOnly,
  invalid,
  helperId,
  activation,
  onActivate,
  onPreload,
}: StaticRichTextProps) {
  const editable = !readOnly;
  const shown = useMemo(() => (html ? displayHtml(html) : emptyParagraph(placeholder)), [html, placeholder]);
  const keep = (event: KeyboardEvent) => {
    const key = bufferedKey(event);
    if (key === null) return;
    event.preventDefault();
    const previous = activation.keys.at(-1);
    // Consecutive characters go in as one piece of text.
    if ('text' in key && previous && 'text' in previous) previous.text += key.text;
    else activation.keys.push(key);
  };
  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text cannot live in a textarea; this stands in for the editor's text box. */}
      <div
        ref={ref}
        className="tiptap"
        role="textbox"
        aria-label={label}
        aria-multiline={!singleLine}
        aria-readonly={readOnly}
        aria-invalid={invalid || undefined}
        aria-describedby={helperId}
        tabIndex={editable ? 0 : undefined}
        data-static-rich-text=""
        onPointerEnter={editable ? onPreload : undefined}
        onPointerDown={
          editable
            ? (event: PointerEvent) => {
                activation.at = { x: event.clientX, y: event.clientY };
                onActivate();
              }
            : undefined
        }
        // Editing, not following: the editor does not open links on click either.
        onClick={
          editable
            ? (event) =>
                event.target instanceof Element && event.target.closest('a') && event.preventDefault()
            : undefined
        }
        onFocus={editable ? onActivate : undefined}
        onKeyDown={editable ? keep : undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: stored rich text is sanitised by the server (DESIGN §3).
        dangerouslySetInnerHTML={{ __html: shown }}
      />
    </div>
  );
}

/** The editor's empty paragraph: same height, and the placeholder from the same styles. */
function emptyParagraph(placeholder: string): string {
  const attribute = placeholder.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<p class="is-editor-empty" data-placeholder="${attribute}"><br></p>`;
}

function bufferedKey(event: KeyboardEvent): BufferedKey | null {
  const modified = event.ctrlKey || event.metaKey;
  if (modified && !event.altKey && event.key.toLowerCase() === 'a') return { command: 'SelectAll' };
  if (modified || event.altKey) return null;
  if (event.key.length === 1) return { text: event.key };
  return event.key === 'Enter' || event.key === 'Backspace' ? { command: event.key } : null;
}
