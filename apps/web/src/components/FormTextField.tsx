/**
 * A labelled text input bound to a react-hook-form field, with that field's error under it.
 * Built from MUI's input parts rather than TextField, which also bundles Select and its menus:
 * these fields sit on /login, whose download we keep small.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { FocusEventHandler } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

interface FormTextFieldProps<F extends FieldValues> {
  control: Control<F>;
  name: Path<F>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  helperText?: string;
  /** Ids of further elements that describe the input (e.g. a checklist). */
  describedBy?: string;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: () => void;
}

export function FormTextField<F extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  helperText,
  describedBy,
  onFocus,
  onBlur,
}: FormTextFieldProps<F>) {
  const { field, fieldState } = useController({ control, name });
  const inputId = `field-${name}`;
  const helperId = `${inputId}-helper-text`;
  const error = fieldState.error?.message;
  return (
    <FormControl fullWidth margin="dense" required={required} error={error !== undefined}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        type={type}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onFocus={onFocus}
        onBlur={() => {
          field.onBlur();
          onBlur?.();
        }}
        inputRef={field.ref}
        autoComplete={autoComplete}
        aria-describedby={describedBy ? `${describedBy} ${helperId}` : helperId}
      />
      {/* A blank line is kept for the message so fields and buttons do not jump when it appears
          or clears on blur (a jump under a pressed button would swallow the click). */}
      <FormHelperText id={helperId}>{error ?? helperText ?? ' '}</FormHelperText>
    </FormControl>
  );
}
