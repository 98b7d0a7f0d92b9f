/**
 * A yes/no question before something that cannot be undone, saying what else goes with it; or, when
 * the page knows it would be refused, why not.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** While the action runs the buttons wait, so it cannot be sent twice. */
  pending?: boolean;
  /**
   * False when the page already knows the action would be refused: the message says why, and only
   * a Close button is offered.
   */
  canConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pending = false,
  canConfirm = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} variant={canConfirm ? 'text' : 'contained'}>
          {canConfirm ? 'Cancel' : 'Close'}
        </Button>
        {canConfirm && (
          <Button onClick={onConfirm} disabled={pending} variant="contained" color="error">
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
