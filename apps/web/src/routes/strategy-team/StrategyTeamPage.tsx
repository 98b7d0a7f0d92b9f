/** /strategy-team/{id} (spec §2): who runs the strategy and who backs, owns and works on each initiative. */
import { MESSAGES, PRODUCT_NAME, STRATEGY_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useOrganisationUsers } from '../../api/organisationUsers';
import { useSession } from '../../api/session';
import { isMissingStrategy, parseStrategyId, useStrategyQuery } from '../../api/strategies';
import { HelpButton } from '../../components/help/HelpButton';
import { StrategyMissing } from '../strategy/StrategyMissing';
import { TeamForm } from './TeamForm';
import { sortPeople } from './teamRules';

export function StrategyTeamPage() {
  const { id } = useParams();
  const strategy = useStrategyQuery(id);
  const users = useOrganisationUsers();
  const session = useSession();
  const options = useMemo(() => sortPeople(users.data ?? []), [users.data]);

  if (parseStrategyId(id) === null || (strategy.isError && isMissingStrategy(strategy.error))) {
    return <StrategyMissing />;
  }
  if (strategy.isError) {
    return (
      <Alert severity="error" sx={{ m: 4 }}>
        {STRATEGY_MESSAGES.fetchStrategyFailed}
      </Alert>
    );
  }
  if (!strategy.data || !session) return <LinearProgress aria-label="Loading the strategy team" />;

  const title = strategy.data.title.trim() || STRATEGY_MESSAGES.untitledStrategy;
  return (
    <Box sx={{ px: 4, py: 4, maxWidth: 1280, width: '100%', mx: 'auto' }}>
      <title>{`Strategy team · ${PRODUCT_NAME}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
        <Typography variant="h1">
          {STRATEGY_MESSAGES.strategyTeamFor}{' '}
          <Box component="span" sx={{ fontWeight: 400 }}>
            {title}
          </Box>
        </Typography>
        <HelpButton topic="teams" />
      </Box>
      {users.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES.fetchUsersFailed}
        </Alert>
      )}
      <TeamForm strategy={strategy.data} options={options} userId={session.id} />
    </Box>
  );
}
