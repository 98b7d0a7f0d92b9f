/**
 * The first progress update's field while its picker's code loads (FirstUpdatePicker.tsx): the
 * time as the picker will show it, in the same outline and place, read-only.
 */
import Event from '@mui/icons-material/Event';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { format, isValid } from 'date-fns';

export const FIRST_UPDATE_LABEL = 'First progress update';
/** The picker's format (date-fns tokens): 12/07/2026 09:00 AM. */
export const FIRST_UPDATE_FORMAT = 'MM/dd/yyyy hh:mm a';

export function FirstUpdateAtRest({
  value,
  error,
  helperText,
}: {
  value: Date | null;
  error: boolean;
  helperText: string;
}) {
  const text = value && isValid(value) ? format(value, FIRST_UPDATE_FORMAT) : '';
  return (
    <TextField
      label={FIRST_UPDATE_LABEL}
      value={text}
      margin="dense"
      fullWidth
      error={error}
      helperText={helperText}
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <Event color="action" sx={{ mr: -0.5 }} />
            </InputAdornment>
          ),
        },
        inputLabel: { shrink: text !== '' },
      }}
    />
  );
}
