/** The full-width submit button of the account forms, showing what it is doing while busy. */
import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton';

interface FormSubmitButtonProps {
  /** The request is running: the button does nothing (keeping focus) and says `pendingLabel`. */
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
    <BusyButton
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      busy={pending}
      disabled={disabled && !pending}
      sx={{ mt: 2 }}
    >
      {pending ? pendingLabel : children}
    </BusyButton>
  );
}
