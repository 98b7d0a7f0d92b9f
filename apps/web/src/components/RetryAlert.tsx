/** A load that failed for a passing reason (network, server error): its message and a way to try again. */
import { MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

interface RetryAlertProps {
  message: string;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}

export function RetryAlert({ message, onRetry, sx }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {MESSAGES.tryAgain}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
