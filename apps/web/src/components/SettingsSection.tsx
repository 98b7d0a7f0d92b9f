/** One titled card of a settings page (profile settings, the organisation's page). */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function SettingsSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mb: 3, borderRadius: 3 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}
