/** A strategy's initiatives per status now: one pill per status present, in the contract's colours, with its label. */
import { INITIATIVE_STATUSES, PORTFOLIO_TEXT, type StatusCounts } from '@keystone/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STACK_ORDER } from '../../components/statusTrend/StatusTrendChart';

/** Trouble first, as a reader scans for it. */
const PILL_ORDER = [...STACK_ORDER].reverse();

export function StatusCountPills({ counts }: { counts: StatusCounts }) {
  const present = PILL_ORDER.filter((code) => counts[code] > 0);
  if (present.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {PORTFOLIO_TEXT.noInitiatives}
      </Typography>
    );
  return (
    <Box
      component="ul"
      aria-label={PORTFOLIO_TEXT.countsText(counts, PILL_ORDER)}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
    >
      {present.map((code) => {
        const status = INITIATIVE_STATUSES[code];
        return (
          <Box
            component="li"
            key={code}
            data-status={code}
            sx={{
              bgcolor: status.hex,
              color: status.ink,
              borderRadius: 3,
              px: 1,
              py: 0.25,
              fontSize: 12.5,
              fontWeight: 600,
              lineHeight: 1.6,
              whiteSpace: 'nowrap',
            }}
          >
            {counts[code]} {status.label}
          </Box>
        );
      })}
    </Box>
  );
}
