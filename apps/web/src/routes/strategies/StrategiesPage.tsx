/** /strategies: the user's strategies split by whether they may edit them (spec §2), and creating one. */
import {
  canEditStrategy,
  EXAMPLE_STRATEGY_TEXTS,
  PORTFOLIO_TEXT,
  PRODUCT_NAME,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import {
  failureMessage,
  useCreateExampleStrategy,
  useCreateStrategy,
  useStrategiesQuery,
} from '../../api/strategies';
import { RetryAlert } from '../../components/RetryAlert';
import { portfolioPath } from '../paths';
import { StartFromExample } from './StartFromExample';
import { CreateStrategyTile, StrategyCard } from './StrategyCard';

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
} as const;

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 5 }} aria-label={heading}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

export function StrategiesPage() {
  const session = useSession();
  const navigate = useNavigate();
  const strategies = useStrategiesQuery();
  const create = useCreateStrategy();
  const example = useCreateExampleStrategy();
  const userId = session?.id ?? 0;

  const open = { onSuccess: (strategy: { id: number }) => navigate(`/strategy/${strategy.id}`) };
  const createAndOpen = () => create.mutate(undefined, open);
  const exampleAndOpen = () => example.mutate(undefined, open);
  const startFromExample = (variant: 'text' | 'contained') => (
    <StartFromExample
      onStart={exampleAndOpen}
      pending={example.isPending}
      disabled={create.isPending}
      variant={variant}
    />
  );

  const all = strategies.data ?? [];
  const mine = all.filter((strategy) => canEditStrategy(userId, strategy.roles));
  const others = all.filter((strategy) => !canEditStrategy(userId, strategy.roles));

  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: 3, py: 5 }}>
      <title>{`Strategies · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Strategies
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        Open a strategy to shape its ambition, focus areas and initiatives. {PORTFOLIO_TEXT.listLead}{' '}
        <Link component={RouterLink} to={portfolioPath}>
          {PORTFOLIO_TEXT.listLink}
        </Link>
        .
      </Typography>
      {strategies.isPending && <LinearProgress aria-label="Loading strategies" sx={{ mb: 3 }} />}
      {strategies.isError && (
        <RetryAlert
          message={failureMessage('fetchStrategies', strategies.error)}
          onRetry={() => void strategies.refetch()}
          sx={{ mb: 3 }}
        />
      )}
      {create.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failureMessage('createStrategy', create.error)}
        </Alert>
      )}
      {example.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failureMessage('createExample', example.error)}
        </Alert>
      )}
      {/* A list that failed to load shows only the failure: "no strategies yet" would be untrue. */}
      {strategies.data !== undefined && (
        <>
          <Section heading={STRATEGY_MESSAGES.ownedByMe}>
            <Box component="ul" sx={gridSx}>
              {/* An empty list offers the example below, more prominently: once is enough. */}
              <CreateStrategyTile
                onCreate={createAndOpen}
                pending={create.isPending}
                disabled={example.isPending}
                alternative={all.length > 0 && startFromExample('text')}
              />
              {mine.map((strategy) => (
                <StrategyCard key={strategy.id} strategy={strategy} />
              ))}
            </Box>
            {all.length === 0 && !strategies.isError && (
              <Box sx={{ mt: 2 }}>
                <Typography color="textSecondary">
                  You have no strategies yet. Create your first one: give it a title, an ambition, and up to
                  five focus areas with their initiatives.
                </Typography>
                <Typography color="textSecondary" sx={{ mt: 1, mb: 1.5 }}>
                  {EXAMPLE_STRATEGY_TEXTS.hint}
                </Typography>
                {startFromExample('contained')}
              </Box>
            )}
          </Section>
          <Section heading={STRATEGY_MESSAGES.ownedByOthers}>
            {others.length > 0 || strategies.isError ? (
              <Box component="ul" sx={gridSx}>
                {others.map((strategy) => (
                  <StrategyCard key={strategy.id} strategy={strategy} />
                ))}
              </Box>
            ) : (
              <Typography color="textSecondary">
                Strategies in which colleagues give you a role appear here.
              </Typography>
            )}
          </Section>
        </>
      )}
    </Box>
  );
}
