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
import { StartFromSpreadsheet } from './StartFromSpreadsheet';
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

  // Through the promise, not mutate's per-call onSuccess: TanStack calls that one only while the
  // page's observer has listeners, and on a loaded CI machine an answer that landed never opened
  // the new strategy. The promise settles whatever the page is doing; a failure is shown from the
  // mutation's own state below.
  const createThenOpen = (mutation: typeof create) => () => {
    mutation.mutateAsync().then(
      (strategy) => navigate(`/strategy/${strategy.id}`),
      () => undefined,
    );
  };
  const createAndOpen = createThenOpen(create);
  const exampleAndOpen = createThenOpen(example);
  const startFromExample = (variant: 'text' | 'contained') => (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: variant === 'contained' ? 'flex-start' : 'center',
      }}
    >
      <StartFromExample
        onStart={exampleAndOpen}
        pending={example.isPending}
        disabled={create.isPending}
        variant={variant}
      />
      <StartFromSpreadsheet variant={variant === 'contained' ? 'outlined' : 'text'} />
    </Box>
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
