/** A form's submit button with its spinner while saving and the timed result message beside it. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton';
import type { TimedMessage } from './useTimedMessage';

interface SubmitRowProps {
  pending: boolean;
  /** Accessible name of the spinner, e.g. "Saving". */
  pendingLabel: string;
  message: TimedMessage | null;
  /** Disabled for another reason than a running request (e.g. the form has errors). */
  disabled?: boolean;
  children: ReactNode;
}

export function SubmitRow({ pending, pendingLabel, message, disabled = false, children }: SubmitRowProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, minHeight: 40 }}>
      <BusyButton type="submit" variant="contained" disabled={disabled} busy={pending}>
        {children}
      </BusyButton>
      {pending && <CircularProgress size={22} aria-label={pendingLabel} />}
      {message && (
        // Errors interrupt (alert); confirmations are announced politely (status).
        <Alert
          severity={message.severity}
          sx={{ py: 0 }}
          role={message.severity === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </Alert>
      )}
    </Box>
  );
}
