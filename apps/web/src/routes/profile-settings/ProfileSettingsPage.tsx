/** /profile-settings: the user's own details, and inviting colleagues (spec §2). */

import { PRODUCT_NAME } from '@keystone/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { InviteForm } from './InviteForm';
import { InviteList } from './InviteList';
import { ProfileForm } from './ProfileForm';
import { TwoFactorSettings } from './TwoFactorSettings';

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mb: 3, borderRadius: 3 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}

export function ProfileSettingsPage() {
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: 3, py: 5 }}>
      <title>{`Profile settings · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Profile settings
      </Typography>
      <Section heading="Edit profile settings here:">
        <ProfileForm />
      </Section>
      <Section heading={`Add users to ${PRODUCT_NAME}:`}>
        <InviteForm />
        <Typography variant="h3" sx={{ mt: 4, mb: 1 }}>
          Invites
        </Typography>
        <InviteList />
      </Section>
      <Section heading="Security">
        <TwoFactorSettings />
      </Section>
    </Box>
  );
}
