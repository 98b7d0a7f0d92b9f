/**
 * /progress-update/:id (spec §2): loads the strategy and its notification settings (the current
 * due date), then shows the progress page; a deleted or no longer visible strategy says so.
 */
import { PRODUCT_NAME, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useNotificationSettingsQuery } from '../../api/progress';
import { rememberLastActiveStrategy, useSession } from '../../api/session';
import { failureMessage, isMissingStrategy, parseStrategyId, useStrategyQuery } from '../../api/strategies';
import { RetryAlert } from '../../components/RetryAlert';
import { StrategyMissing } from '../../components/StrategyMissing';
import { SaveStatusProvider } from '../../lib/autosave/useAutosave';
import { ProgressView } from './ProgressView';

export function ProgressUpdatePage() {
  const params = useParams();
  const strategyId = parseStrategyId(params.id);
  const session = useSession();
  const strategy = useStrategyQuery(strategyId ?? undefined);
  const settings = useNotificationSettingsQuery(strategyId);
  const missing = strategyId === null || isMissingStrategy(strategy.error);
  const shownId = missing ? null : (strategy.data?.id ?? null);

  // The header's Strategy and Progress links lead back to the strategy last worked on.
  useEffect(() => {
    if (shownId !== null) rememberLastActiveStrategy(shownId);
  }, [shownId]);

  if (missing) return <StrategyMissing />;
  if (strategy.isPending || settings.isPending)
    return <LinearProgress aria-label="Loading progress update" />;
  if (!strategy.data) {
    return (
      <Box sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
        <RetryAlert
          message={failureMessage('fetchStrategy', strategy.error)}
          onRetry={() => void strategy.refetch()}
        />
      </Box>
    );
  }
  return (
    <SaveStatusProvider key={strategy.data.id}>
      <title>{`${strategy.data.title || STRATEGY_MESSAGES.untitledStrategy} · Progress · ${PRODUCT_NAME}`}</title>
      <ProgressView strategy={strategy.data} userId={session?.id ?? 0} settings={settings} />
    </SaveStatusProvider>
  );
}
