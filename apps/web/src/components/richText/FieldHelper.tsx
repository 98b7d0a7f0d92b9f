/** The line under a rich-text field: a rule or server message, and the counter while typing. */

import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';

interface FieldHelperProps {
  id: string;
  message: string | null;
  isError: boolean;
  /** The counter's text ("12/200"), or null when it is hidden. */
  counter: string | null;
  /** Keep the line's height without a counter or message (a field typed in keeps its layout). */
  keepLine?: boolean;
}

export function FieldHelper({ id, message, isError, counter, keepLine = false }: FieldHelperProps) {
  return (
    <Box
      id={id}
      sx={{
        display: 'flex',
        gap: 1,
        minHeight: counter || message || keepLine ? 20 : 0,
        alignItems: 'baseline',
      }}
    >
      <FormHelperText error={isError} sx={{ m: 0, flexGrow: 1 }} aria-live="polite">
        {message}
      </FormHelperText>
      {counter && (
        <FormHelperText sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>{counter}</FormHelperText>
      )}
    </Box>
  );
}
