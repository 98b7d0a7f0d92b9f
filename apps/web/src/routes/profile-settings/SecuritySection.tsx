/** The Security section of profile settings: password change, two-factor and the sessions list. */

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SessionList } from './SessionList';
import { TwoFactorSettings } from './TwoFactorSettings';

export function SecuritySection() {
  return (
    <>
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Change password
      </Typography>
      <ChangePasswordForm />
      <Box sx={{ mt: 4 }}>
        <TwoFactorSettings />
      </Box>
      <Typography variant="h3" sx={{ mt: 4, mb: 1 }}>
        Where you are logged in
      </Typography>
      <SessionList />
    </>
  );
}
