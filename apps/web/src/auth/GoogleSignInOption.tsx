/** "or" + a Google button, shown only when the server has Google sign-in configured. */
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { usePublicConfig } from '../api/auth';
import { startGoogleSignIn } from './googleSignIn';

interface GoogleSignInOptionProps {
  label: string;
  disabled?: boolean;
  /** The invitation token of the sign-up link, so a Google sign-up joins that organisation. */
  invite?: string | null;
}

export function GoogleSignInOption({ label, disabled = false, invite = null }: GoogleSignInOptionProps) {
  const config = usePublicConfig();
  const google = config.data?.google;
  if (!google) return null;
  return (
    <>
      <Divider sx={{ my: 2.5, color: 'text.secondary' }}>or</Divider>
      <Button
        variant="outlined"
        fullWidth
        size="large"
        startIcon={<GoogleIcon />}
        disabled={disabled}
        onClick={() => void startGoogleSignIn(google, invite)}
      >
        {label}
      </Button>
    </>
  );
}
