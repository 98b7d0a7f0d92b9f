/** The Security section of profile settings: password change and the sessions list. */

import Typography from '@mui/material/Typography';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SessionList } from './SessionList';

export function SecuritySection() {
  return (
    <>
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Change password
      </Typography>
      <ChangePasswordForm />
      <Typography variant="h3" sx={{ mt: 4, mb: 1 }}>
        Where you are logged in
      </Typography>
      <SessionList />
    </>
  );
}
