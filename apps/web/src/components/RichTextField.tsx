/**
 * A rich-text field on TipTap (spec §5): a plain-text character limit with a live counter and
 * the limit message, single-line titles that refuse Enter, links with http/https only, and a
 * read-only mode. Heavy (ProseMirror): only lazily loaded screens import it.
 */
import { MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import type { SxProps, Theme } from '@mui/material/styles';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { EditorContent, Extension, Node, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { RichTextBubbleMenu } from './RichTextBubbleMenu';
import { richTextSx } from './richTextStyles';

export interface RichTextFieldProps {
  /** Stored HTML; shown again whenever it changes, unless the user is editing (see `settled`). */
  value: string;
  onChange?: (html: string) => void;
  /** The editor gained or lost focus (a field lock is taken and released with it). */
  onFocus?: () => void;
  onBlur?: () => void;
  /** Accessible name of the text box. */
  label: string;
  placeholder?: string;
  /** Longest plain text, counted by code point like the server (LIMITS). */
  maxLength: number;
  singleLine?: boolean;
  readOnly?: boolean;
  /** False while an edit is unsaved: a new `value` from the server must not replace it then. */
  settled?: boolean;
  /** The editor shows `value` as stored, nothing typed over it (autosave takes its version as the base). */
  onStoredShown?: (value: string) => void;
  /** Called when the stored value replaces what the field showed (e.g. a cleared title, left). */
  onRestore?: () => void;
  /** A rule or server message shown under the field. */
  error?: string | null;
  /** The counter is for editing; previews and exports leave it out. */
  showCounter?: boolean;
  sx?: SxProps<Theme>;
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);
const countCodePoints = (text: string) => [...text].length;

/** Titles hold exactly one paragraph: pasted line breaks collapse and Enter does nothing. */
const SingleParagraphDocument = Node.create({ name: 'doc', topNode: true, content: 'paragraph' });
const swallowKey = () => true;
const BlockEnter = Extension.create({
  name: 'blockEnter',
  addKeyboardShortcuts: () => ({ Enter: swallowKey, 'Shift-Enter': swallowKey, 'Mod-Enter': swallowKey }),
});

function extensionsFor(singleLine: boolean, placeholder: string, maxLength: number) {
  const link = {
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    isAllowedUri: isWebAddress,
    shouldAutoLink: isWebAddress,
  };
  const shared = [
    Placeholder.configure({ placeholder, showOnlyWhenEditable: false }),
    CharacterCount.configure({ limit: maxLength, textCounter: countCodePoints }),
  ];
  // Only what the server's sanitiser keeps: no headings, code blocks or rules.
  const common = { heading: false, codeBlock: false, horizontalRule: false, link } as const;
  if (!singleLine) return [StarterKit.configure(common), ...shared];
  return [
    StarterKit.configure({
      ...common,
      document: false,
      blockquote: false,
      bulletList: false,
      orderedList: false,
      listItem: false,
      listKeymap: false,
      hardBreak: false,
      trailingNode: false,
    }),
    SingleParagraphDocument,
    BlockEnter,
    ...shared,
  ];
}

export function RichTextField({
  value,
  onChange,
  onFocus,
  onBlur,
  label,
  placeholder = '',
  maxLength,
  singleLine = false,
  readOnly = false,
  settled = true,
  onStoredShown,
  onRestore,
  error = null,
  showCounter = true,
  sx,
}: RichTextFieldProps) {
  const helperId = useId();
  const editor = useEditor({
    extensions: extensionsFor(singleLine, placeholder, maxLength),
    content: value,
    editable: !readOnly,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-label': label,
        'aria-multiline': String(!singleLine),
        'aria-describedby': helperId,
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
    onFocus: () => onFocus?.(),
    onBlur: () => onBlur?.(),
  });
  const { characters, focused } = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      characters: current?.storage.characterCount.characters() ?? 0,
      focused: current?.isFocused ?? false,
    }),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setEditable(!readOnly, false);
    editor.view.dom.setAttribute('aria-readonly', String(readOnly));
  }, [editor, readOnly]);

  // The server's value wins only while the user is not typing here and nothing is unsaved; one
  // that arrived during typing is shown when the field is left.
  useEffect(() => {
    if (!editor || editor.isDestroyed || focused || !settled) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== value) {
      editor.commands.setContent(value, { emitUpdate: false });
      onRestore?.();
    }
    onStoredShown?.(value);
  }, [editor, value, settled, focused, onStoredShown, onRestore]);

  const atLimit = characters >= maxLength;
  const message = error ?? (atLimit && !readOnly ? MESSAGES.charactersReached : null);
  // The counter shows while typing here (or at the limit), so a page of fields stays quiet.
  const counterShown = showCounter && !readOnly && (focused || atLimit);
  return (
    <Box sx={[richTextSx(readOnly), ...(Array.isArray(sx) ? sx : [sx])]}>
      <EditorContent editor={editor} />
      {editor && !readOnly && <RichTextBubbleMenu editor={editor} singleLine={singleLine} />}
      <Box
        id={helperId}
        sx={{ display: 'flex', gap: 1, minHeight: counterShown || message ? 20 : 0, alignItems: 'baseline' }}
      >
        <FormHelperText error={error !== null} sx={{ m: 0, flexGrow: 1 }} aria-live="polite">
          {message}
        </FormHelperText>
        {counterShown && (
          <FormHelperText sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {characters}/{maxLength}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
