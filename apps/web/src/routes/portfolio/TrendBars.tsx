/**
 * The counts at a strategy's last due dates as tiny stacked bars in plain SVG, oldest on the
 * left, each over its day. The whole is one image whose label reads every bar's date and counts;
 * each bar's hover title says the same. With the page's "Show trends as text" on, the same
 * counts are written out instead, one line per due date, for anyone who cannot read the colours.
 */
import { INITIATIVE_STATUSES, PORTFOLIO_TEXT, type StatusHistory, TREND_TEXT } from '@keystone/contract';
import Typography from '@mui/material/Typography';
import { statusEdge } from '../../components/statusEdge';
import { STACK_ORDER } from '../../components/statusTrend/StatusTrendChart';

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

interface TrendBarsProps {
  trend: StatusHistory;
  timeZone: string;
  /** The counts in words rather than bars. */
  asText: boolean;
}

function TrendLines({ trend, timeZone }: Omit<TrendBarsProps, 'asText'>) {
  return (
    <Typography
      variant="body2"
      component="ul"
      data-testid="portfolio-trend-text"
      sx={{ m: 0, p: 0, listStyle: 'none', '& li + li': { mt: 0.5 } }}
    >
      {trend.map((entry) => (
        <li key={entry.date}>{TREND_TEXT.shortLine(shortDay(entry.date, timeZone), entry)}</li>
      ))}
    </Typography>
  );
}

export function TrendBars({ trend, timeZone, asText }: TrendBarsProps) {
  if (trend.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {PORTFOLIO_TEXT.noDueDateYet}
      </Typography>
    );
  if (asText) return <TrendLines trend={trend} timeZone={timeZone} />;
  const totals = trend.map((entry) => STACK_ORDER.reduce((sum, code) => sum + (entry.counts[code] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const labels = trend.map((entry) => TREND_TEXT.bar(entry, timeZone));
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
              // A colour too light for the page is outlined (inside its own box).
              const edge = statusEdge(code);
              const inset = edge ? 0.5 : 0;
              return (
                <rect
                  key={code}
                  x={x + inset}
                  y={top + inset}
                  width={BAR - 2 * inset}
                  height={Math.max(1, size - 1 - 2 * inset)}
                  fill={INITIATIVE_STATUSES[code].hex}
                  stroke={edge}
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
