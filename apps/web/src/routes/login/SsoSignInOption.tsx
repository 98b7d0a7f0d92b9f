/** The login's "Continue with single sign-on", shown when some organisation signs in through its provider. */
import { SSO_LOGIN_LABELS } from '@keystone/contract';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { usePublicConfig } from '../../api/auth';

export function SsoSignInOption({ onChoose, disabled }: { onChoose: () => void; disabled: boolean }) {
  const config = usePublicConfig().data;
  if (!config?.sso) return null;
  return (
    <>
      {/* The Google option already said "or" above its own button. */}
      {config.google ? null : <Divider sx={{ my: 2.5, color: 'text.secondary' }}>or</Divider>}
      <Button
        variant="outlined"
        fullWidth
        size="large"
        disabled={disabled}
        onClick={onChoose}
        sx={{ mt: config.google ? 1.5 : 0 }}
      >
        {SSO_LOGIN_LABELS.continueWithSso}
      </Button>
    </>
  );
}
