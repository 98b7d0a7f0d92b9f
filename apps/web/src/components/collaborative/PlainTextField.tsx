/**
 * A plain single-line text box (the strategy title) that takes RichTextField's props, so a
 * collaborative field can use either editor. Pasted line breaks become spaces and Enter does
 * nothing; the limit message shows under it.
 */
import { MESSAGES } from '@keystone/contract';
import FormHelperText from '@mui/material/FormHelperText';
import InputBase from '@mui/material/InputBase';
import { useEffect, useId, useState } from 'react';
import type { RichTextFieldProps } from '../RichTextField';

export function PlainTextField({
  value,
  onChange,
  onFocus,
  onBlur,
  label,
  placeholder = '',
  maxLength,
  readOnly = false,
  settled = true,
  onStoredShown,
  onRestore,
  error = null,
  showCounter = true,
  sx,
}: RichTextFieldProps) {
  const [text, setText] = useState(value);
  const [focused, setFocused] = useState(false);
  const helperId = useId();

  // A newer value from the server is shown unless the user is typing or an edit is unsaved; one
  // that arrived during typing is shown when the field is left.
  useEffect(() => {
    if (focused || !settled) return;
    setText(value);
    onRestore?.();
    onStoredShown?.(value);
  }, [value, settled, focused, onStoredShown, onRestore]);

  const edit = (next: string) => {
    // One line: pasted line breaks become spaces (Enter itself is refused below).
    const oneLine = next.replace(/\s*[\r\n]+\s*/g, ' ');
    setText(oneLine);
    onChange?.(oneLine);
  };
  const atLimit = [...text].length >= maxLength;

  return (
    <>
      <InputBase
        value={text}
        readOnly={readOnly}
        placeholder={placeholder}
        fullWidth
        multiline
        inputProps={{ 'aria-label': label, 'aria-describedby': helperId, maxLength }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        onFocus={() => {
          setFocused(true);
          onFocus?.();
        }}
        onBlur={() => {
          setFocused(false);
          onBlur?.();
        }}
        onChange={(event) => edit(event.target.value)}
        sx={[
          {
            p: 0,
            '& textarea': { px: 1, mx: -1, py: 0.5, borderRadius: 1, border: '1px solid transparent' },
          },
          !readOnly && {
            '& textarea:hover': { bgcolor: 'action.hover' },
            '& textarea:focus': { borderColor: 'primary.main', bgcolor: 'background.paper' },
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      />
      {/* No counter: the limit message is all a one-line title needs. */}
      <FormHelperText id={helperId} error={error !== null}>
        {error ?? (atLimit && showCounter ? MESSAGES.charactersReached : null)}
      </FormHelperText>
    </>
  );
}
