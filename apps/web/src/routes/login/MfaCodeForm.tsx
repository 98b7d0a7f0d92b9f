/** The login's second step when two-factor is on: a code from the authenticator app, or a recovery code. */
import { MESSAGES, MFA_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { loginWithMfa } from '../../api/auth';
import { ApiError, ResponseShapeError } from '../../api/client';
import type { Session } from '../../api/session';
import { FormSubmitButton } from '../../components/FormSubmitButton';

interface MfaCodeFormProps {
  mfaToken: string;
  onLoggedIn: (session: Session) => void;
  /** Back to the first step (the token expired, was used up, or the user wants to). */
  onRestart: () => void;
}

function failureText(error: unknown): string {
  if (error instanceof ResponseShapeError) return MESSAGES.invalidLoginResponse;
  if (error instanceof ApiError && error.detail) return error.detail;
  return MFA_MESSAGES.loginFailed;
}

/** What the user typed, checked before it is sent: null when it may go. */
function inputProblem(code: string, recovery: boolean): string | null {
  const compact = code.replace(/\s+/g, '');
  if (recovery) return compact ? null : MFA_MESSAGES.recoveryCodeRequired;
  if (!compact) return MFA_MESSAGES.codeRequired;
  return /^\d{6}$/.test(compact) ? null : MFA_MESSAGES.codeFormat;
}

/** The code field of each kind: what it is called, how the browser may fill it, what it takes. */
const CODE_FIELDS = {
  totp: {
    label: 'Authentication code',
    name: 'one-time-code',
    autoComplete: 'one-time-code',
    hint: 'The 6-digit code your authenticator app shows now.',
    slotProps: { htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } },
  },
  recovery: {
    label: 'Recovery code',
    name: 'recovery-code',
    autoComplete: 'off',
    hint: 'One of the recovery codes you saved, like abcde-fghij.',
    slotProps: { htmlInput: { maxLength: 32, spellCheck: false, autoCapitalize: 'none' } },
  },
} as const;

export function MfaCodeForm({ mfaToken, onLoggedIn, onRestart }: MfaCodeFormProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: loginWithMfa, onSuccess: onLoggedIn });
  const expired =
    mutation.error instanceof ApiError && mutation.error.detail === MFA_MESSAGES.challengeInvalid;

  const { hint, ...field } = { ...CODE_FIELDS[recovery ? 'recovery' : 'totp'] };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = inputProblem(code, recovery);
    setProblem(found);
    if (!found) mutation.mutate({ mfaToken, code });
  };
  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setProblem(null);
    mutation.reset();
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <TextField
        // A new field for each kind, so the browser's autofill and the focus start afresh.
        key={field.name}
        {...field}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
        fullWidth
        margin="normal"
        required
        error={problem !== null}
        helperText={problem ?? hint}
      />
      {mutation.isError && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            expired ? (
              <Button color="inherit" size="small" onClick={onRestart}>
                Log in again
              </Button>
            ) : undefined
          }
        >
          {failureText(mutation.error)}
        </Alert>
      )}
      <FormSubmitButton pending={mutation.isPending} pendingLabel="Checking..." disabled={expired}>
        Verify
      </FormSubmitButton>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Link component="button" type="button" variant="body2" onClick={switchKind}>
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Link>
        <Link component="button" type="button" variant="body2" onClick={onRestart}>
          Back to log in
        </Link>
      </Box>
    </Box>
  );
}
