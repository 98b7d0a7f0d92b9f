/**
 * A rich-text field (spec §5). At rest it is the stored text as HTML (StaticRichText): cheap to
 * show, and no editor code for a page of 30 fields. Focusing or clicking it swaps in the editor
 * (richText/RichTextEditor: TipTap, loaded on demand) in the same place, with the caret where the
 * user clicked and whatever was typed meanwhile; the editor then stays. Read-only fields never
 * load the editor.
 */
import { MESSAGES, plainTextLength } from '@keystone/contract';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldHelper } from './richText/FieldHelper';
import {
  type EditorComponent,
  loadEditor,
  loadedEditor,
  prefetchEditorWhenIdle,
} from './richText/loadEditor';
import { richTextSx } from './richText/richTextStyles';
import { type Activation, StaticRichText } from './richText/StaticRichText';

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
  /** Each new object focuses the field once, with its text typed in (a new item's title). */
  takeFocus?: FocusHandover;
}

/** Focus handed to a field that did not exist when the user started typing into it (WCAG 2.4.3). */
export interface FocusHandover {
  /** What was typed before the field could take focus; read once. */
  takeTyped: () => string;
}

export function RichTextField(props: RichTextFieldProps) {
  const {
    value,
    label,
    placeholder = '',
    maxLength,
    singleLine = false,
    readOnly = false,
    error = null,
  } = props;
  const { onStoredShown, sx, takeFocus } = props;
  const helperId = useId();
  const [Editor, setEditor] = useState<EditorComponent | null>(null);
  const activation = useRef<Activation>({ at: null, keys: [] });
  // Whether the editor is still wanted when its code arrives (focus may have moved on).
  const wanted = useRef(false);
  const staticText = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!readOnly) prefetchEditorWhenIdle();
  }, [readOnly]);

  // At rest the stored value is what the field shows, so autosave may take it as the base.
  useEffect(() => {
    if (!Editor) onStoredShown?.(value);
  }, [Editor, value, onStoredShown]);

  // Typed into the static text, the keys reach the editor when it takes over, as if typed here.
  useEffect(() => {
    if (!takeFocus) return;
    const typed = takeFocus.takeTyped();
    if (typed) activation.current.keys.push({ text: typed });
    staticText.current?.focus();
  }, [takeFocus]);

  if (Editor) return <Editor {...props} helperId={helperId} activation={activation.current} />;

  const activate = () => {
    wanted.current = true;
    const ready = loadedEditor();
    if (ready) setEditor(() => ready);
    else
      loadEditor().then(
        (loaded) => wanted.current && setEditor(() => loaded),
        // Not loaded (e.g. offline): the field stays as it is and the next focus tries again.
        () => undefined,
      );
  };
  const deactivate = () => {
    wanted.current = false;
    activation.current = { at: null, keys: [] };
  };
  const atLimit = !readOnly && plainTextLength(value) >= maxLength;
  return (
    <Box sx={[richTextSx(readOnly), ...(Array.isArray(sx) ? sx : [sx])]} onBlur={deactivate}>
      <StaticRichText
        ref={staticText}
        html={value}
        label={label}
        placeholder={placeholder}
        singleLine={singleLine}
        readOnly={readOnly}
        invalid={error !== null}
        helperId={helperId}
        activation={activation.current}
        onActivate={activate}
        onPreload={() => void loadEditor().catch(() => undefined)}
      />
      <FieldHelper
        id={helperId}
        message={error ?? (atLimit ? MESSAGES.charactersReached : null)}
        isError={error !== null}
        counter={null}
      />
    </Box>
  );
}
