/** Spec §2: the strategy does not exist, or the user was removed from it. */
import { MESSAGES } from '@keystone/contract';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from './AuthCard';

export function StrategyMissing() {
  return (
    <AuthCard title="Strategy not found">
      <Typography sx={{ mb: 2 }}>{MESSAGES.strategyMissing}</Typography>
      <Link component={RouterLink} to="/strategies/">
        {MESSAGES.strategyMissingLink}
      </Link>
    </AuthCard>
  );
}
