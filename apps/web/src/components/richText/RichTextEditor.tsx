/**
 * The editor of a rich-text field on TipTap (spec §5): a plain-text character limit with a live
 * counter and the limit message, single-line titles that refuse Enter, links with http/https
 * only, and a read-only mode. Heavy (ProseMirror): RichTextField loads it on demand (loadEditor)
 * and mounts it in place of the static text when the user focuses or clicks the field.
 */
import { MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, Extension, Node, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { RichTextFieldProps } from '../RichTextField';
import { FieldHelper } from './FieldHelper';
import { RichTextBubbleMenu } from './RichTextBubbleMenu';
import { richTextSx } from './richTextStyles';
import type { Activation } from './StaticRichText';

interface RichTextEditorProps extends RichTextFieldProps {
  /** The id of the line under the field (RichTextField keeps it, so it stays the same on the swap). */
  helperId: string;
  /** How the user reached the field: the caret goes there and the keys typed meanwhile go in. */
  activation: Activation;
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

export function RichTextEditor({
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
  helperId,
  activation,
}: RichTextEditorProps) {
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

  // WCAG 3.3.1: a field whose message is an error says so itself, as a plain input does.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (error !== null) editor.view.dom.setAttribute('aria-invalid', 'true');
    else editor.view.dom.removeAttribute('aria-invalid');
  }, [editor, error]);

  // The server's value wins only while the user is not typing here and nothing is unsaved; one
  // that arrived during typing is shown when the field is left. A layout effect, like the takeover
  // below: it runs first, so keys typed before the editor arrived go over the stored value.
  useLayoutEffect(() => {
    if (!editor || editor.isDestroyed || focused || !settled) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== value) {
      editor.commands.setContent(value, { emitUpdate: false });
      onRestore?.();
    }
    onStoredShown?.(value);
  }, [editor, value, settled, focused, onStoredShown, onRestore]);

  // Once, as the editor replaces the static text: focus, caret, and the keys typed meanwhile.
  // In the commit that removed the static text (a layout effect), so no key pressed in between
  // finds focus on the page's body: a Tab there would restart at the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the activation is read once, at mount.
  useLayoutEffect(() => {
    if (editor && !editor.isDestroyed && !readOnly) takeOver(editor, activation);
  }, [editor]);

  const atLimit = characters >= maxLength;
  const message = error ?? (atLimit && !readOnly ? MESSAGES.charactersReached : null);
  // The counter shows while typing here (or at the limit), so a page of fields stays quiet.
  const counterShown = showCounter && !readOnly && (focused || atLimit);
  // Once typed in, the field keeps the counter's line when focus leaves: the page must not move
  // up under a pointer on its way to the next control, or that click lands beside it.
  const [keepCounterLine, setKeepCounterLine] = useState(false);
  if (counterShown && !keepCounterLine) setKeepCounterLine(true);
  return (
    <Box sx={[richTextSx(readOnly), ...(Array.isArray(sx) ? sx : [sx])]}>
      <EditorContent editor={editor} />
      {editor && !readOnly && <RichTextBubbleMenu editor={editor} singleLine={singleLine} />}
      <FieldHelper
        id={helperId}
        message={message}
        isError={error !== null}
        counter={counterShown ? `${characters}/${maxLength}` : null}
        keepLine={keepCounterLine && showCounter && !readOnly}
      />
    </Box>
  );
}

/**
 * Focuses the editor at once (TipTap's focus command waits a frame, and a key pressed in that
 * frame would be lost), puts the caret where the pointer went down (or at the end), then types
 * what was typed into the static text while the editor loaded.
 */
function takeOver(editor: Editor, { at, keys }: Activation) {
  const { view } = editor;
  view.focus();
  const clicked = at && view.posAtCoords({ left: at.x, top: at.y });
  // The view has focus already, so this only sets the selection (its own delayed focus is harmless).
  editor.commands.focus(clicked ? clicked.pos : 'end');
  for (const key of keys.splice(0)) {
    if ('text' in key) view.dispatch(view.state.tr.insertText(key.text));
    else if (key.command === 'SelectAll') editor.commands.selectAll();
    else if (!editor.commands.keyboardShortcut(key.command) && key.command === 'Backspace') {
      // A Backspace inside a line is the browser's own, not a shortcut: the character before the caret.
      const { from } = editor.state.selection;
      editor.commands.deleteRange({ from: from - 1, to: from });
    }
  }
}
