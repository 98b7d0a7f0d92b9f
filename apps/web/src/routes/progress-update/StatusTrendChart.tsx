/**
 * Not in the spec: how many initiatives were in each status at each due date, as small stacked
 * bars in plain SVG (colours of INITIATIVE_STATUSES). Each bar names its date and counts for
 * screen readers and as a hover title; the bar of the due date on display is outlined.
 */
import {
  formatDueDate,
  INITIATIVE_STATUS_CODES,
  INITIATIVE_STATUSES,
  type InitiativeStatus,
  type StatusHistory,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StatusLegend } from '../../components/StatusLegend';

/** Bottom to top: finished work at the base, trouble near the top, idle on top. */
export const STACK_ORDER: readonly InitiativeStatus[] = ['CO', 'OT', 'DE', 'BL', 'IN'];
/** More due dates than this show only the latest ones. */
export const TREND_MAX_BARS = 12;

const BAR = 34;
const GAP = 26;
const PLOT_HEIGHT = 110;
const AXIS = 26;
const TOP = 8;
const LABEL_HEIGHT = 20;

interface StatusTrendChartProps {
  history: StatusHistory;
  timeZone: string;
  /** The locked due date on display (ISO), or null in the current view. */
  selectedDate: string | null;
}

const sameInstant = (a: string, b: string | null) => b !== null && Date.parse(a) === Date.parse(b);

/** What one bar says: its date, how many initiatives, and each status present. */
export function describeBar(entry: StatusHistory[number], timeZone: string): string {
  const total = INITIATIVE_STATUS_CODES.reduce((sum, code) => sum + (entry.counts[code] ?? 0), 0);
  const parts = INITIATIVE_STATUS_CODES.filter((code) => (entry.counts[code] ?? 0) > 0).map(
    (code) => `${entry.counts[code]} ${INITIATIVE_STATUSES[code].label}`,
  );
  const noun = total === 1 ? 'initiative' : 'initiatives';
  return `${formatDueDate(entry.date, timeZone)}: ${total} ${noun}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

export function StatusTrendChart({ history, timeZone, selectedDate }: StatusTrendChartProps) {
  const entries = history.slice(-TREND_MAX_BARS);
  const totals = entries.map((entry) =>
    STACK_ORDER.reduce((sum, code) => sum + (entry.counts[code] ?? 0), 0),
  );
  const max = Math.max(1, ...totals);
  const width = AXIS + entries.length * (BAR + GAP);
  const height = TOP + PLOT_HEIGHT + LABEL_HEIGHT;
  const y = (count: number) => TOP + PLOT_HEIGHT - (count / max) * PLOT_HEIGHT;

  return (
    <Stack spacing={1}>
      {history.length > TREND_MAX_BARS && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          The last {TREND_MAX_BARS} of {history.length} due dates.
        </Typography>
      )}
      <Box component="figure" sx={{ m: 0, overflowX: 'auto' }}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          <title>Initiatives by status at each due date</title>
          {[0, max].map((tick) => (
            <g key={tick} aria-hidden>
              <line x1={AXIS - 4} x2={width} y1={y(tick)} y2={y(tick)} stroke="#dde2ea" />
              <text x={AXIS - 8} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#556070">
                {tick}
              </text>
            </g>
          ))}
          {entries.map((entry, index) => {
            const x = AXIS + GAP / 2 + index * (BAR + GAP);
            const label = describeBar(entry, timeZone);
            const selected = sameInstant(entry.date, selectedDate);
            let base = 0;
            return (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group is not interactive; role="img" lets its label describe the bar
              <g key={entry.date} role="img" aria-label={label} data-testid="trend-bar">
                <title>{label}</title>
                {STACK_ORDER.map((code) => {
                  const count = entry.counts[code] ?? 0;
                  if (count === 0) return null;
                  const top = y(base + count);
                  const bottom = y(base);
                  base += count;
                  return (
                    <rect
                      key={code}
                      x={x}
                      y={top}
                      width={BAR}
                      height={Math.max(0, bottom - top - 1)}
                      fill={INITIATIVE_STATUSES[code].hex}
                    />
                  );
                })}
                {selected && (
                  <rect
                    x={x - 3}
                    y={y(totals[index] ?? 0) - 3}
                    width={BAR + 6}
                    height={y(0) - y(totals[index] ?? 0) + 5}
                    fill="none"
                    stroke="#1b3a6b"
                    strokeWidth={2}
                    rx={3}
                  />
                )}
                <text
                  x={x + BAR / 2}
                  y={TOP + PLOT_HEIGHT + 15}
                  textAnchor="middle"
                  fontSize={11}
                  fill={selected ? '#1b3a6b' : '#556070'}
                  fontWeight={selected ? 700 : 400}
                  aria-hidden
                >
                  {formatDueDate(entry.date, timeZone).slice(0, 5)}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <StatusLegend codes={INITIATIVE_STATUS_CODES} />
    </Stack>
  );
}
