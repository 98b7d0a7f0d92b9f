/** A new-password input that shows the live rule checklist in a tooltip while it has focus. */
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { FormTextField } from './FormTextField';
import { PasswordChecklist } from './PasswordChecklist';

interface NewPasswordFieldProps<F extends FieldValues> {
  control: Control<F>;
  name: Path<F>;
  label: string;
}

export function NewPasswordField<F extends FieldValues>({ control, name, label }: NewPasswordFieldProps<F>) {
  const [focused, setFocused] = useState(false);
  const value: unknown = useWatch({ control, name });
  const password = typeof value === 'string' ? value : '';
  const checklistId = `field-${name}-checklist`;
  return (
    <Tooltip
      open={focused}
      arrow
      placement="right"
      describeChild
      title={<PasswordChecklist id={checklistId} password={password} />}
      disableFocusListener
      disableHoverListener
      disableTouchListener
      // On narrow windows "right" has no room; the tooltip then flips instead of covering the field.
      slotProps={{ popper: { modifiers: [{ name: 'flip', options: { fallbackPlacements: ['bottom'] } }] } }}
    >
      <div>
        <FormTextField
          control={control}
          name={name}
          label={label}
          type="password"
          autoComplete="new-password"
          required
          describedBy={focused ? checklistId : undefined}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </div>
    </Tooltip>
  );
}
