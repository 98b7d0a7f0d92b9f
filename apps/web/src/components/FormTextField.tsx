/** An MUI text field bound to a react-hook-form field, showing that field's error under it. */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

type FormTextFieldProps<F extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'inputRef' | 'error' | 'defaultValue'
> & {
  control: Control<F>;
  name: Path<F>;
};

export function FormTextField<F extends FieldValues>({
  control,
  name,
  helperText,
  onBlur,
  ...textFieldProps
}: FormTextFieldProps<F>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...textFieldProps}
      id={textFieldProps.id ?? `field-${name}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
