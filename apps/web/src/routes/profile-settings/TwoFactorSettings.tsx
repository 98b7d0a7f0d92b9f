/**
 * Profile settings' two-factor authentication (TOTP): off → set up with a QR code and confirm →
 * recovery codes shown once; on → status, recovery codes left, and turning it off.
 */
import { MFA_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { useMfaStatus, useStartTotpSetup } from '../../api/mfa';
import { BusyButton } from '../../components/BusyButton';
import { RecoveryCodesList } from './RecoveryCodesList';
import { TwoFactorDisableForm } from './TwoFactorDisableForm';
import { TwoFactorSetup } from './TwoFactorSetup';

interface TwoFactorSettingsProps {
  /** Called once two-factor is on and no recovery codes wait to be saved. */
  onReady?: () => void;
}

export function TwoFactorSettings({ onReady }: TwoFactorSettingsProps) {
  return (
    <Box component="section" aria-labelledby="two-factor-heading" sx={{ mt: 1 }}>
      <Typography id="two-factor-heading" variant="h3" sx={{ mb: 1 }}>
        Two-factor authentication
      </Typography>
      <TwoFactorBody onReady={onReady} />
    </Box>
  );
}

function TwoFactorBody({ onReady }: TwoFactorSettingsProps) {
  const status = useMfaStatus();
  const setup = useStartTotpSetup();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const ready = status.data?.enabled === true && recoveryCodes === null;
  useEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);

  if (status.isPending) return <CircularProgress aria-label="Loading two-factor authentication" />;
  if (status.isError) return <Alert severity="error">{MFA_MESSAGES.statusFailed}</Alert>;

  // Shown until the user says they saved them: they are never shown again.
  if (recoveryCodes) {
    return <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }

  if (status.data.enabled) {
    const left = status.data.recovery_codes_left;
    return (
      <Box>
        <Alert severity="success" sx={{ mb: 2 }}>
          {MFA_MESSAGES.enabled} Logging in asks for a code from your authenticator app.
        </Alert>
        <Typography sx={{ mb: 2 }} color={left <= 3 ? 'warning.main' : 'textPrimary'}>
          Recovery codes left: {left}
        </Typography>
        {turningOff ? (
          <TwoFactorDisableForm
            onDone={(detail) => {
              setTurningOff(false);
              setNotice(detail);
            }}
            onCancel={() => setTurningOff(false)}
          />
        ) : (
          <Button variant="outlined" color="error" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        )}
      </Box>
    );
  }

  if (setup.data) {
    return (
      <TwoFactorSetup
        setup={setup.data}
        onEnabled={(codes) => {
          setRecoveryCodes(codes);
          setup.reset();
        }}
        onCancel={() => setup.reset()}
      />
    );
  }

  return (
    <Box>
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }} color="textSecondary">
        Protect your account with a second step at login: a code from an authenticator app on your phone.
      </Typography>
      {setup.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(setup.error, MFA_MESSAGES.setupFailed)}
        </Alert>
      )}
      <BusyButton
        variant="contained"
        busy={setup.isPending}
        onClick={() => {
          setNotice(null);
          setup.mutate();
        }}
      >
        {setup.isPending ? 'Starting...' : 'Turn on two-factor authentication'}
      </BusyButton>
    </Box>
  );
}
