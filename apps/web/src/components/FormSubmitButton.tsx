/** The full-width submit button of the account forms, showing what it is doing while busy. */
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface FormSubmitButtonProps {
  /** The request is running: the button is disabled and says `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
  /** Disabled for another reason (e.g. a second sign-in flow is running). */
  disabled?: boolean;
  children: ReactNode;
}

export function FormSubmitButton({
  pending,
  pendingLabel,
  disabled = false,
  children,
}: FormSubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={pending || disabled}
      sx={{ mt: 2 }}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}
