/** Turning two-factor on: scan the QR code (or type the key), then confirm with a code from the app. */
import { MFA_MESSAGES, type TotpSetup } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { useConfirmTotp } from '../../api/mfa';
import { BusyButton } from '../../components/BusyButton';

interface TwoFactorSetupProps {
  setup: TotpSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The base32 key in groups of four, as people read it aloud or type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const confirm = useConfirmTotp();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const compact = code.replace(/\s+/g, '');
    const found = !compact
      ? MFA_MESSAGES.codeRequired
      : /^\d{6}$/.test(compact)
        ? null
        : MFA_MESSAGES.codeFormat;
    setProblem(found);
    if (!found) confirm.mutate(compact, { onSuccess: onEnabled });
  };
  const copy = async () => {
    await navigator.clipboard.writeText(setup.secret);
    setCopied(true);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
      <Typography sx={{ mb: 2 }}>
        1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator
        or 1Password).
      </Typography>
      <Box
        component="img"
        src={setup.qr_svg}
        alt="QR code to add this account to an authenticator app"
        width={200}
        height={200}
        sx={{ display: 'block', mb: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
      />
      <Typography sx={{ mb: 1 }}>Can't scan it? Type this key into the app instead:</Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3, flexWrap: 'wrap' }}>
        <Box
          component="code"
          aria-label="Secret key"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.05rem',
            bgcolor: 'action.hover',
            px: 1.5,
            py: 0.75,
            borderRadius: 1,
          }}
        >
          {grouped(setup.secret)}
        </Box>
        <Button size="small" variant="outlined" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy key'}
        </Button>
      </Stack>
      <Typography sx={{ mb: 1 }}>2. Enter the 6-digit code the app shows:</Typography>
      <TextField
        label="Authentication code"
        name="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        required
        error={problem !== null}
        helperText={problem ?? ' '}
        sx={{ maxWidth: 260 }}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } }}
      />
      {confirm.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(confirm.error, MFA_MESSAGES.confirmFailed)}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5}>
        <BusyButton type="submit" variant="contained" busy={confirm.isPending}>
          {confirm.isPending ? 'Turning on...' : 'Turn on'}
        </BusyButton>
        <Button onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
