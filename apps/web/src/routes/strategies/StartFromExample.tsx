/** "Start from an example": one click creates the filled-in sample strategy (issue 18). */
import { EXAMPLE_STRATEGY_TEXTS } from '@keystone/contract';
import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface StartFromExampleProps {
  onStart: () => void;
  pending: boolean;
  /** Any other creation under way: one at a time. */
  disabled?: boolean;
  variant?: ButtonProps['variant'];
}

export function StartFromExample({ onStart, pending, disabled, variant = 'text' }: StartFromExampleProps) {
  return (
    <Button
      variant={variant}
      onClick={onStart}
      disabled={pending || disabled}
      aria-busy={pending}
      startIcon={
        pending ? (
          <CircularProgress size={16} color="inherit" aria-label={EXAMPLE_STRATEGY_TEXTS.starting} />
        ) : (
          <AutoAwesome />
        )
      }
    >
      {EXAMPLE_STRATEGY_TEXTS.start}
    </Button>
  );
}
