/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { AuthCard } from '../../components/AuthCard';

export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <AuthCard title="Something went wrong">
      <Typography sx={{ mb: 2 }}>This page could not be shown. Reloading usually helps.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </AuthCard>
  );
}
