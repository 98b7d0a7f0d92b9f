/** A text or number box of the settings form, bound to its field, with that field's error under it. */
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type Control, type Path, useController } from 'react-hook-form';
import type { SettingsFormValues } from './settingsRules';

interface SettingsTextFieldProps {
  control: Control<SettingsFormValues>;
  name: Path<SettingsFormValues>;
  label: string;
  /** A whole number between these bounds (the browser's spin buttons; the contract checks). */
  range?: { min: number; max: number };
  placeholder?: string;
  helperText?: string;
  sx?: SxProps<Theme>;
}

export function SettingsTextField({
  control,
  name,
  label,
  range,
  placeholder,
  helperText,
  sx,
}: SettingsTextFieldProps) {
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      inputRef={ref}
      type={range ? 'number' : 'text'}
      label={label}
      placeholder={placeholder}
      sx={sx}
      error={Boolean(fieldState.error)}
      // A line is kept for the message, so nothing below jumps (and swallows a click) when it shows.
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      slotProps={{ htmlInput: range ? { ...range, step: 1 } : undefined }}
    />
  );
}
