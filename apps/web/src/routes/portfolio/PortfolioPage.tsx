/** /portfolio (issue 18): every strategy the user takes part in, at a glance, from one request. */
import { PORTFOLIO_TEXT, PRODUCT_NAME, SPREADSHEET_TEXT, TREND_TEXT } from '@keystone/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { portfolioFailure, usePortfolioQuery } from '../../api/portfolio';
import { RetryAlert } from '../../components/RetryAlert';
import { SheetDownloads } from '../../components/SheetDownloads';
import { StatusLegend } from '../../components/StatusLegend';
import { STACK_ORDER } from '../../components/statusTrend/StatusTrendChart';
import { PortfolioTable } from './PortfolioTable';

// The colours' key, for the trend bars (which carry no text of their own on screen), from the
// top down as they stack.
const LEGEND_ORDER = [...STACK_ORDER].reverse();

export function PortfolioPage() {
  const portfolio = usePortfolioQuery();
  const [trendAsText, setTrendAsText] = useState(false);
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
          <Stack
            direction="row"
            sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
          >
            <StatusLegend codes={LEGEND_ORDER} sx={{ gap: 2 }} />
            <SheetDownloads
              files={[
                { kind: 'portfolioXlsx', label: SPREADSHEET_TEXT.portfolioXlsx },
                { kind: 'portfolioCsv', label: SPREADSHEET_TEXT.portfolioCsv },
              ]}
            />
            {/* The bars' counts in words, for anyone who cannot hover them or tell the colours apart. */}
            <FormControlLabel
              control={
                <Switch checked={trendAsText} onChange={(event) => setTrendAsText(event.target.checked)} />
              }
              label={TREND_TEXT.showAsText}
              sx={{ mr: 0 }}
            />
          </Stack>
          <PortfolioTable rows={portfolio.data} trendAsText={trendAsText} />
        </>
      )}
    </Box>
  );
}
