/** /strategy/:id: loads the strategy, remembers it as the last active one, or says it is missing. */
import { PRODUCT_NAME, STRATEGY_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { forgetLastActiveStrategy, rememberLastActiveStrategy, useSession } from '../../api/session';
import { failureMessage, isMissingStrategy, parseStrategyId, useStrategyQuery } from '../../api/strategies';
import { StrategyMissing } from '../../components/StrategyMissing';
import { SaveStatusProvider } from '../../lib/autosave/useAutosave';
import { StrategyEditor } from './StrategyEditor';

export function StrategyPage() {
  const params = useParams();
  const strategyId = parseStrategyId(params.id);
  const session = useSession();
  const query = useStrategyQuery(strategyId ?? undefined);
  const missing = strategyId === null || isMissingStrategy(query.error);
  const loaded = query.data !== undefined && !missing;

  useEffect(() => {
    if (strategyId === null) return;
    if (loaded) rememberLastActiveStrategy(strategyId);
    else if (missing) forgetLastActiveStrategy(strategyId);
  }, [strategyId, loaded, missing]);

  if (missing) return <StrategyMissing />;
  if (query.isPending) return <LinearProgress aria-label="Loading strategy" />;
  if (!query.data) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error">{failureMessage('fetchStrategy', query.error)}</Alert>
      </Box>
    );
  }
  return (
    <SaveStatusProvider key={query.data.id}>
      <title>{`${query.data.title || STRATEGY_MESSAGES.untitledStrategy} · ${PRODUCT_NAME}`}</title>
      <StrategyEditor strategy={query.data} userId={session?.id ?? 0} />
    </SaveStatusProvider>
  );
}
