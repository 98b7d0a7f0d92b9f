/**
 * /organisation: what administrators run (issue 14): settings, members, invitations, help videos,
 * company sign-in (issue 31) and the security log.
 */
import {
  ACCESS_TOKEN_LABELS,
  HELP_VIDEO_LABELS,
  MESSAGES,
  ORGANISATION_LABELS,
  ORGANISATION_MESSAGES,
  PRODUCT_NAME,
  WEBHOOK_LABELS,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
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

// Company sign-in's sections are the bulk of the page's forms: loaded beside the page's data.
const CompanySignInSections = lazy(() =>
  import('./companySignIn/CompanySignInSections').then((module) => ({
    default: module.CompanySignInSections,
  })),
);

// Webhooks are managed rarely: their forms and delivery log load only when the section is shown.
const WebhooksSection = lazy(() =>
  import('../../components/webhooks/WebhooksSection').then((module) => ({
    default: module.WebhooksSection,
  })),
);

// Tokens are looked at rarely: their list loads only when the section is shown.
const OrganisationAccessTokens = lazy(() =>
  import('./OrganisationAccessTokens').then((module) => ({ default: module.OrganisationAccessTokens })),
);

const ORGANISATION_WEBHOOKS = { strategyId: null };

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
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={480} role="progressbar" aria-label="Loading company sign-in" />
        }
      >
        <CompanySignInSections />
      </Suspense>
      <SettingsSection heading={WEBHOOK_LABELS.organisationHeading} loadingLabel={WEBHOOK_LABELS.loading}>
        <WebhooksSection
          owner={ORGANISATION_WEBHOOKS}
          intro={WEBHOOK_LABELS.organisationIntro}
          kinds={['standard']}
        />
      </SettingsSection>
      <SettingsSection heading={ACCESS_TOKEN_LABELS.heading} loadingLabel={ACCESS_TOKEN_LABELS.loading}>
        <OrganisationAccessTokens />
      </SettingsSection>
      <SettingsSection heading={ORGANISATION_LABELS.securityLogHeading}>
        <SecurityLog />
      </SettingsSection>
    </>
  );
}
