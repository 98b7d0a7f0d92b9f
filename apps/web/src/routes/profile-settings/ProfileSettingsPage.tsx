/** /profile-settings: the user's own details, and inviting colleagues (spec §2). */

import { PRODUCT_NAME } from '@keystone/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInvites } from '../../api/invites';
import { useUserDetails } from '../../api/users';
import { answeredOnce } from '../../components/answeredOnce';
import { InviteForm } from '../../components/invites/InviteForm';
import { SettingsSection } from '../../components/SettingsSection';
import { InviteList } from './InviteList';
import { ProfileForm } from './ProfileForm';
import { SecuritySection } from './SecuritySection';

export function ProfileSettingsPage() {
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: 3, py: 5 }}>
      <title>{`Profile settings · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Profile settings
      </Typography>
      <ProfileSections />
    </Box>
  );
}

/**
 * The profile form and the invites grow to their content when it arrives, pushing down what is
 * below them: shown together once both are read (in parallel), nothing moves under the reader's
 * eyes. The security section is last, so its own growth moves nothing.
 */
function ProfileSections() {
  if (!answeredOnce([useUserDetails(), useInvites()])) {
    return <Skeleton variant="rounded" height={640} role="progressbar" aria-label="Loading your profile" />;
  }
  return (
    <>
      <SettingsSection heading="Edit profile settings here:">
        <ProfileForm />
      </SettingsSection>
      <SettingsSection heading={`Add users to ${PRODUCT_NAME}:`}>
        <InviteForm />
        <Typography variant="h3" sx={{ mt: 4, mb: 1 }}>
          Invites
        </Typography>
        <InviteList />
      </SettingsSection>
      <SettingsSection heading="Security">
        <SecuritySection />
      </SettingsSection>
    </>
  );
}
