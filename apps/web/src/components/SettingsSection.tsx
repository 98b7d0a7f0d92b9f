/** One titled card of a settings page (profile settings, the organisation's page). */
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense } from 'react';

interface SettingsSectionProps {
  heading: string;
  /**
   * For a section whose content is loaded lazily (React.lazy): what the placeholder shown
   * meanwhile is called for screen readers.
   */
  loadingLabel?: string;
  children: ReactNode;
}

export function SettingsSection({ heading, loadingLabel, children }: SettingsSectionProps) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mb: 3, borderRadius: 3 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {loadingLabel === undefined ? (
        children
      ) : (
        <Suspense
          fallback={<Skeleton variant="rounded" height={160} role="progressbar" aria-label={loadingLabel} />}
        >
          {children}
        </Suspense>
      )}
    </Paper>
  );
}
