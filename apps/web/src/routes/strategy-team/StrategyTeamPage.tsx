/**
 * /strategy-team/{id} (spec §2): who runs the strategy and who backs, owns and works on each
 * initiative. An administrator of the organisation without a role in the strategy gets its team
 * only (GET /strategy/{id}/team/): they may change the masters, and see why the rest is read-only.
 */
import { MESSAGES, ORGANISATION_MESSAGES, PRODUCT_NAME, STRATEGY_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../api/session';
import { isMissingStrategy, parseStrategyId, strategyKey, useStrategyQuery } from '../../api/strategies';
import { strategyTeamKey, useStrategyTeamQuery } from '../../api/team';
import { useOrganisationUsers, useUserDetails } from '../../api/users';
import { HelpButton } from '../../components/help/HelpButton';
import { StrategyMissing } from '../../components/StrategyMissing';
import { TeamForm } from './TeamForm';
import { sortPeople } from './teamRules';

export function StrategyTeamPage() {
  const { id } = useParams();
  const strategyId = parseStrategyId(id);
  const session = useSession();
  const strategy = useStrategyQuery(id);
  const details = useUserDetails();
  const isAdmin = details.data?.isAdmin === true;
  // Not found for this user: an administrator may still see the team (and only the team).
  const noRole = strategy.isError && isMissingStrategy(strategy.error);
  const adminView = noRole && isAdmin;
  const team = useStrategyTeamQuery(strategyId ?? 0, adminView);
  const users = useOrganisationUsers();
  const options = useMemo(() => sortPeople(users.data ?? []), [users.data]);

  if (strategyId === null) return <StrategyMissing />;
  if (noRole && !isAdmin && !details.isPending) return <StrategyMissing />;
  if (adminView && team.isError && isMissingStrategy(team.error)) return <StrategyMissing />;
  if ((strategy.isError && !noRole) || (adminView && team.isError)) {
    return (
      <Alert severity="error" sx={{ m: 4 }}>
        {STRATEGY_MESSAGES.fetchStrategyFailed}
      </Alert>
    );
  }
  const shown = adminView ? team.data : strategy.data;
  if (!shown || !session) return <LinearProgress aria-label="Loading the strategy team" />;

  const title = shown.title.trim() || STRATEGY_MESSAGES.untitledStrategy;
  return (
    <Box sx={{ px: { xs: 2, sm: 4 }, py: 4, maxWidth: 1280, width: '100%', mx: 'auto' }}>
      <title>{`Strategy team · ${PRODUCT_NAME}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
        <Typography variant="h1" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {STRATEGY_MESSAGES.strategyTeamFor}{' '}
          <Box component="span" sx={{ fontWeight: 400 }}>
            {title}
          </Box>
        </Typography>
        <HelpButton topic="teams" />
      </Box>
      {adminView && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {ORGANISATION_MESSAGES.adminTeamNotice}
        </Alert>
      )}
      {users.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES.fetchUsersFailed}
        </Alert>
      )}
      <TeamForm
        strategy={shown}
        queryKey={adminView ? strategyTeamKey(strategyId) : strategyKey(strategyId)}
        options={options}
        user={{ id: session.id, isAdmin }}
      />
    </Box>
  );
}
