/** Turning two-factor off: the password (when the account has one) and a current code. */
import { MFA_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/errorMessages';
import { useDisableMfa } from '../../api/mfa';
import { BusyButton } from '../../components/BusyButton';

interface TwoFactorDisableFormProps {
  onDone: (detail: string) => void;
  onCancel: () => void;
}

export function TwoFactorDisableForm({ onDone, onCancel }: TwoFactorDisableFormProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const disable = useDisableMfa();
  const fieldErrors = disable.error instanceof ApiError ? disable.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = code.trim() ? null : MFA_MESSAGES.codeRequired;
    setCodeProblem(found);
    if (!found) disable.mutate({ password, code }, { onSuccess: onDone });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 420 }}>
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        fullWidth
        margin="normal"
        error={Boolean(fieldErrors.password)}
        helperText={fieldErrors.password?.[0] ?? 'Leave empty if you sign in only with Google.'}
      />
      <TextField
        label="Authentication or recovery code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        fullWidth
        margin="normal"
        required
        error={codeProblem !== null || Boolean(fieldErrors.code)}
        helperText={codeProblem ?? fieldErrors.code?.[0] ?? ' '}
        slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
      />
      {disable.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(disable.error, MFA_MESSAGES.disableFailed)}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5}>
        <BusyButton type="submit" variant="contained" color="error" busy={disable.isPending}>
          {disable.isPending ? 'Turning off...' : 'Turn off two-factor authentication'}
        </BusyButton>
        <Button onClick={onCancel} disabled={disable.isPending}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
