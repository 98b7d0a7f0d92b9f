/** /organisation: what administrators run (issue 14): settings, members, invitations, security log. */
import {
  HELP_VIDEO_LABELS,
  MESSAGES,
  ORGANISATION_LABELS,
  ORGANISATION_MESSAGES,
  PRODUCT_NAME,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useHelpVideos } from '../../api/helpVideos';
import { useInvites } from '../../api/invites';
import { useMembers, useOrganisation } from '../../api/organisation';
import { useUserDetails } from '../../api/users';
import { answeredOnce } from '../../components/answeredOnce';
import { InviteForm } from '../../components/invites/InviteForm';
import { SettingsSection } from '../../components/SettingsSection';
import { HelpVideosSettings } from './HelpVideosSettings';
import { MembersTable } from './MembersTable';
import { OrganisationSettings } from './OrganisationSettings';
import { PendingInvites } from './PendingInvites';
import { SecurityLog } from './SecurityLog';

export function OrganisationPage() {
  return (
    <Box sx={{ width: '100%', maxWidth: 1280, mx: 'auto', px: 3, py: 5 }}>
      <title>{`${ORGANISATION_LABELS.pageTitle} · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {ORGANISATION_LABELS.pageTitle}
      </Typography>
      <AdministratorsOnly />
    </Box>
  );
}

/** The server refuses everyone else (403) anyway; this says so instead of five failed sections. */
function AdministratorsOnly() {
  const details = useUserDetails();
  if (details.isPending) return <CircularProgress size={24} aria-label="Loading your details" />;
  if (details.isError) return <Alert severity="error">{MESSAGES.fetchUserDetailsFailed}</Alert>;
  if (!details.data.isAdmin) return <Alert severity="info">{ORGANISATION_MESSAGES.adminsOnly}</Alert>;
  return <AdministratorSections />;
}

/**
 * Each section grows to its content when that arrives, pushing down the ones below: shown
 * together once the four above the security log have theirs, nothing moves under the reader's
 * eyes (the log is last, so its own growth moves nothing). They are read in parallel, so this
 * waits only for the slowest.
 */
function AdministratorSections() {
  if (!answeredOnce([useOrganisation(), useMembers(), useInvites(), useHelpVideos()])) {
    return (
      <Skeleton variant="rounded" height={480} role="progressbar" aria-label="Loading the organisation" />
    );
  }
  return (
    <>
      <SettingsSection heading={ORGANISATION_LABELS.settingsHeading}>
        <OrganisationSettings />
      </SettingsSection>
      <SettingsSection heading={ORGANISATION_LABELS.membersHeading}>
        <MembersTable />
      </SettingsSection>
      <SettingsSection heading={ORGANISATION_LABELS.invitationsHeading}>
        <PendingInvites />
        <Typography variant="h3" sx={{ mt: 4, mb: 1 }}>
          {ORGANISATION_LABELS.inviteHeading}
        </Typography>
        <InviteForm />
      </SettingsSection>
      <SettingsSection heading={HELP_VIDEO_LABELS.heading}>
        <HelpVideosSettings />
      </SettingsSection>
      <SettingsSection heading={ORGANISATION_LABELS.securityLogHeading}>
        <SecurityLog />
      </SettingsSection>
    </>
  );
}
