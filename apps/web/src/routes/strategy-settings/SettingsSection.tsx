/** One titled block of the settings page. */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export function SettingsSection({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}
