/**
 * /strategy-settings/:id (spec §2): the notification settings of a strategy, for its masters.
 * Anyone else is sent to the strategy page; a strategy that is gone shows the missing message.
 */
import {
  canEditStrategy,
  PRODUCT_NAME,
  PROGRESS_MESSAGES,
  STRATEGY_MESSAGES,
  WEBHOOK_KINDS,
  WEBHOOK_LABELS,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useNotificationSettingsQuery } from '../../api/progress';
import { useSession } from '../../api/session';
import { isMissingStrategy, parseStrategyId, useStrategyQuery } from '../../api/strategies';
import { RetryAlert } from '../../components/RetryAlert';
import { StrategyMissing } from '../../components/StrategyMissing';
import { wrappingChipSx } from '../../components/wrappingChip';
import { personName } from '../../lib/personName';
import { SettingsForm } from './SettingsForm';
import { SettingsSection } from './SettingsSection';

// Webhooks and chat channels are set up rarely: their code loads only with their section.
const WebhooksSection = lazy(() =>
  import('../../components/webhooks/WebhooksSection').then((module) => ({
    default: module.WebhooksSection,
  })),
);

const pageSx = { px: { xs: 2, sm: 4 }, py: 4, maxWidth: 960, width: '100%', mx: 'auto' } as const;

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box sx={pageSx}>
      <RetryAlert message={message} onRetry={onRetry} />
    </Box>
  );
}

export function StrategySettingsPage() {
  const { id } = useParams();
  const strategyId = parseStrategyId(id);
  const session = useSession();
  const strategy = useStrategyQuery(id);
  const settings = useNotificationSettingsQuery(strategyId);

  if (strategyId === null || (strategy.isError && isMissingStrategy(strategy.error))) {
    return <StrategyMissing />;
  }
  if (!strategy.data) {
    if (!strategy.isError) return <LinearProgress aria-label="Loading the settings" />;
    return (
      <LoadFailed message={STRATEGY_MESSAGES.fetchStrategyFailed} onRetry={() => void strategy.refetch()} />
    );
  }
  if (!canEditStrategy(session?.id ?? 0, strategy.data.roles)) {
    return <Navigate to={`/strategy/${strategyId}`} replace />;
  }
  if (!settings.data) {
    if (!settings.isError) return <LinearProgress aria-label="Loading the settings" />;
    return (
      <LoadFailed message={PROGRESS_MESSAGES.fetchSettingsFailed} onRetry={() => void settings.refetch()} />
    );
  }

  const title = strategy.data.title.trim() || STRATEGY_MESSAGES.untitledStrategy;
  return (
    <Box sx={pageSx}>
      <title>{`Settings · ${title} · ${PRODUCT_NAME}`}</title>
      {/* The masters' names belong to the heading (spec: "Settings for:" with their names). */}
      <Typography variant="h1" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {PROGRESS_MESSAGES.settingsHeading}
        {/* Unnamed: a name of its own would stand for the names in the heading's. */}
        <Box component="span" role="list" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
          {settings.data.strategyMasters.map((master) => (
            <Box component="span" role="listitem" key={`${master.id}:${master.email}`} sx={{ minWidth: 0 }}>
              {/* A long name wraps inside its chip rather than widening the page. */}
              <Chip
                component="span"
                label={personName(master)}
                sx={{ ...wrappingChipSx, maxWidth: '100%' }}
              />
            </Box>
          ))}
        </Box>
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
        Progress reports and reminders of{' '}
        <Link component={RouterLink} to={`/strategy/${strategyId}`}>
          {title}
        </Link>
      </Typography>
      <SettingsForm strategyId={strategyId} settings={settings.data} />
      <StrategyWebhooks strategyId={strategyId} />
    </Box>
  );
}

function StrategyWebhooks({ strategyId }: { strategyId: number }) {
  const owner = useMemo(() => ({ strategyId }), [strategyId]);
  return (
    <SettingsSection heading={WEBHOOK_LABELS.strategyHeading}>
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={160} role="progressbar" aria-label={WEBHOOK_LABELS.loading} />
        }
      >
        <WebhooksSection owner={owner} intro={WEBHOOK_LABELS.strategyIntro} kinds={WEBHOOK_KINDS} />
      </Suspense>
    </SettingsSection>
  );
}
