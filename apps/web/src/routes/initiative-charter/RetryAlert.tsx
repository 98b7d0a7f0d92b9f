/** A load that failed for a passing reason (network, server error): its message and a way to try again. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

interface RetryAlertProps {
  message: string;
  onRetry: () => void;
}

export function RetryAlert({ message, onRetry }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
