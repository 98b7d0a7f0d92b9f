/**
 * The counts at a strategy's last due dates as tiny stacked bars in plain SVG, oldest on the
 * left, each over its day. The whole is one image whose label reads every bar's date and counts;
 * each bar's hover title says the same.
 */
import { INITIATIVE_STATUSES, PORTFOLIO_TEXT, type StatusHistory } from '@keystone/contract';
import Typography from '@mui/material/Typography';
import { describeBar, STACK_ORDER } from '../progress-update/StatusTrendChart';

const BAR = 18;
const GAP = 14;
const PLOT = 32;
const LABEL = 14;

/** "12/08": the due date's day in the strategy's time zone, short enough to sit under a bar. */
function shortDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

export function TrendBars({ trend, timeZone }: { trend: StatusHistory; timeZone: string }) {
  if (trend.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {PORTFOLIO_TEXT.noDueDateYet}
      </Typography>
    );
  const totals = trend.map((entry) => STACK_ORDER.reduce((sum, code) => sum + (entry.counts[code] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const labels = trend.map((entry) => describeBar(entry, timeZone));
  // Room on both sides for the day under the first and last bars.
  const width = trend.length * (BAR + GAP) + GAP;
  const height = PLOT + LABEL;
  return (
    <svg
      role="img"
      aria-label={labels.join('; ')}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      style={{ display: 'block', fontFamily: 'inherit' }}
      data-testid="portfolio-trend"
    >
      {trend.map((entry, index) => {
        const x = GAP + index * (BAR + GAP);
        let top = PLOT;
        return (
          <g key={entry.date}>
            <title>{labels[index]}</title>
            {/* The full height in a faint tone, so a bar's share of the tallest one reads at once. */}
            <rect x={x} y={0} width={BAR} height={PLOT} fill="#eef1f5" rx={2} />
            {STACK_ORDER.map((code) => {
              const count = entry.counts[code] ?? 0;
              if (count === 0) return null;
              const size = (count / max) * PLOT;
              top -= size;
              return (
                <rect
                  key={code}
                  x={x}
                  y={top}
                  width={BAR}
                  height={Math.max(1, size - 1)}
                  fill={INITIATIVE_STATUSES[code].hex}
                />
              );
            })}
            <text x={x + BAR / 2} y={height - 2} textAnchor="middle" fontSize={9.5} fill="#556070">
              {shortDay(entry.date, timeZone)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
