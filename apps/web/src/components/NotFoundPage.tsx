/** Any path no route claims (spec §2). */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from './AuthCard';

export function NotFoundPage() {
  return (
    <AuthCard title="Not found">
      <Typography sx={{ mb: 2 }}>There is no page at this address.</Typography>
      <Link component={RouterLink} to="/strategies">
        Go to all strategies
      </Link>
    </AuthCard>
  );
}
