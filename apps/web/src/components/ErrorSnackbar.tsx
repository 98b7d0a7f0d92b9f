/** A failed call's message at the bottom of the page, until it is closed or six seconds pass. */
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

interface ErrorSnackbarProps {
  message: string | null;
  onClose: () => void;
}

export function ErrorSnackbar({ message, onClose }: ErrorSnackbarProps) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={6000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="error" onClose={onClose} variant="filled">
        {message}
      </Alert>
    </Snackbar>
  );
}
