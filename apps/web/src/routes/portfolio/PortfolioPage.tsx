/** /portfolio (issue 18): every strategy the user takes part in, at a glance, from one request. */
import { INITIATIVE_STATUSES, PORTFOLIO_TEXT, PRODUCT_NAME } from '@keystone/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { portfolioFailure, usePortfolioQuery } from '../../api/portfolio';
import { RetryAlert } from '../../components/RetryAlert';
import { STACK_ORDER } from '../progress-update/StatusTrendChart';
import { PortfolioTable } from './PortfolioTable';

/** The colours' key, for the trend bars, which carry no text of their own on screen. */
function Legend() {
  return (
    <Stack
      component="ul"
      direction="row"
      sx={{ m: 0, mb: 2, p: 0, listStyle: 'none', flexWrap: 'wrap', gap: 2 }}
    >
      {[...STACK_ORDER].reverse().map((code) => (
        <Stack component="li" key={code} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: INITIATIVE_STATUSES[code].hex }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {INITIATIVE_STATUSES[code].label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function PortfolioPage() {
  const portfolio = usePortfolioQuery();
  return (
    <Box sx={{ width: '100%', maxWidth: 1280, mx: 'auto', px: 3, py: 5 }}>
      <title>{`${PORTFOLIO_TEXT.pageTitle} · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {PORTFOLIO_TEXT.pageTitle}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3, maxWidth: 760 }}>
        {PORTFOLIO_TEXT.intro}
      </Typography>
      {portfolio.isPending && <LinearProgress aria-label={PORTFOLIO_TEXT.loading} sx={{ mb: 3 }} />}
      {portfolio.isError && (
        <RetryAlert
          message={portfolioFailure(portfolio.error)}
          onRetry={() => void portfolio.refetch()}
          sx={{ mb: 3 }}
        />
      )}
      {portfolio.data?.length === 0 && <Typography color="textSecondary">{PORTFOLIO_TEXT.empty}</Typography>}
      {portfolio.data && portfolio.data.length > 0 && (
        <>
          <Legend />
          <PortfolioTable rows={portfolio.data} />
        </>
      )}
    </Box>
  );
}
