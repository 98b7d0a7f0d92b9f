/** /profile-settings: the user's own details, and inviting colleagues (spec §2). */

import { ACCESS_TOKEN_LABELS, PRODUCT_NAME, SSO_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useInvites } from '../../api/invites';
import { clearSecondFactorSetupDue, useSecondFactorSetupDue } from '../../api/session';
import { useUserDetails } from '../../api/users';
import { answeredOnce } from '../../components/answeredOnce';
import { InviteForm } from '../../components/invites/InviteForm';
import { SettingsSection } from '../../components/SettingsSection';
import { InviteList } from './InviteList';
import { ProfileForm } from './ProfileForm';
import { SecuritySection } from './SecuritySection';
import { TwoFactorSettings } from './TwoFactorSettings';

/** Only this page needs it: its own chunk, loaded once the sections above are shown. */
const CalendarSection = lazy(() =>
  import('./CalendarSection').then((module) => ({ default: module.CalendarSection })),
);
// Access tokens are for the few who script: their form and list load only when the section is shown.
const AccessTokensSection = lazy(() =>
  import('./AccessTokensSection').then((module) => ({ default: module.AccessTokensSection })),
);

export function ProfileSettingsPage() {
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: 3, py: 5 }}>
      <title>{`Profile settings · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Profile settings
      </Typography>
      {useSecondFactorSetupDue() ? <SecondFactorSetupDue /> : <ProfileSections />}
    </Box>
  );
}

/**
 * The organisation requires two-factor sign-in and this session has none: only its set-up is
 * offered (every other call is refused until then). Once on, with the recovery codes saved, the
 * whole app opens again.
 */
function SecondFactorSetupDue() {
  return (
    <SettingsSection heading="Security">
      <Alert severity="warning" sx={{ my: 2 }}>
        {SSO_MESSAGES.secondFactorSetupRequired}
      </Alert>
      <TwoFactorSettings onReady={clearSecondFactorSetupDue} />
    </SettingsSection>
  );
}

/**
 * The profile form and the invites grow to their content when it arrives, pushing down what is
 * below them: shown together once both are read (in parallel), nothing moves under the reader's
 * eyes. The security, calendar and access token sections are last, so their own growth moves nothing.
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
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading your calendar" />
        }
      >
        <CalendarSection />
      </Suspense>
      <SettingsSection heading={ACCESS_TOKEN_LABELS.heading} loadingLabel={ACCESS_TOKEN_LABELS.loading}>
        <AccessTokensSection />
      </SettingsSection>
    </>
  );
}
