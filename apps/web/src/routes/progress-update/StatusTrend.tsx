/** The status trend section: the chart once a due date has passed, a one-line hint before that. */
import { MESSAGES, TREND_TEXT } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { StatusHistory } from '../../api/progress';
import { SectionHeading } from '../../components/SectionHeading';
import { StatusTrendChart } from '../../components/statusTrend/StatusTrendChart';

interface StatusTrendProps {
  history: UseQueryResult<StatusHistory>;
  timeZone: string;
  selectedDate: string | null;
}

export function StatusTrend({ history, timeZone, selectedDate }: StatusTrendProps) {
  if (history.isPending) return null;
  return (
    <Box component="section" aria-labelledby="status-trend-heading">
      <SectionHeading id="status-trend-heading">{TREND_TEXT.heading}</SectionHeading>
      {history.isError && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {TREND_TEXT.loadFailed}{' '}
          <Button size="small" onClick={() => void history.refetch()}>
            {MESSAGES.tryAgain}
          </Button>
        </Typography>
      )}
      {history.data?.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {TREND_TEXT.beforeFirstDueDate}
        </Typography>
      )}
      {history.data && history.data.length > 0 && (
        <StatusTrendChart history={history.data} timeZone={timeZone} selectedDate={selectedDate} />
      )}
    </Box>
  );
}
