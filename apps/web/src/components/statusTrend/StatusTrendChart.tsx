/**
 * Not in the spec: how many initiatives were in each status at each due date, as small stacked
 * bars in plain SVG (colours of INITIATIVE_STATUSES). The chart is one image named by a short
 * summary; "Show as table" opens the same numbers as a data table, so neither a screen reader nor
 * a reader who cannot tell the colours apart depends on the bars. Each bar's hover title gives
 * its date and counts; the bar of the due date on display is outlined.
 */
import {
  formatDueDate,
  INITIATIVE_STATUS_CODES,
  INITIATIVE_STATUSES,
  type InitiativeStatus,
  type StatusHistory,
  TREND_TEXT,
  trendTotal,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { StatusLegend } from '../StatusLegend';
import { statusEdge } from '../statusEdge';
import { StatusTrendTable, sameInstant } from './StatusTrendTable';

/** Bottom to top: finished work at the base, trouble near the top, idle on top. */
export const STACK_ORDER: readonly InitiativeStatus[] = ['CO', 'OT', 'DE', 'BL', 'IN'];
/** More due dates than this show only the latest ones. */
const TREND_MAX_BARS = 12;

const BAR = 34;
const GAP = 26;
const PLOT_HEIGHT = 110;
const AXIS = 26;
const TOP = 8;
const LABEL_HEIGHT = 20;
/** Axis text and the outline of the due date on display: both above 4.5:1 on white. */
const INK = { label: '#556070', selected: '#1b3a6b', grid: '#dde2ea' };

interface StatusTrendChartProps {
  history: StatusHistory;
  timeZone: string;
  /** The locked due date on display (ISO), or null in the current view. */
  selectedDate: string | null;
}

export function StatusTrendChart({ history, timeZone, selectedDate }: StatusTrendChartProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const entries = history.slice(-TREND_MAX_BARS);
  const totals = entries.map(trendTotal);
  const max = Math.max(1, ...totals);
  const width = AXIS + entries.length * (BAR + GAP);
  const height = TOP + PLOT_HEIGHT + LABEL_HEIGHT;
  const y = (count: number) => TOP + PLOT_HEIGHT - (count / max) * PLOT_HEIGHT;

  return (
    <Stack spacing={1}>
      {history.length > TREND_MAX_BARS && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {TREND_TEXT.lastOf(TREND_MAX_BARS, history.length)}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        {/* Focusable, so a keyboard can scroll the chart where it is wider than the screen. */}
        <Box
          component="svg"
          role="img"
          aria-label={TREND_TEXT.summary(entries, timeZone)}
          tabIndex={0}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          sx={{
            display: 'block',
            fontFamily: 'inherit',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          {[0, max].map((tick) => (
            <g key={tick}>
              <line x1={AXIS - 4} x2={width} y1={y(tick)} y2={y(tick)} stroke={INK.grid} />
              <text x={AXIS - 8} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={INK.label}>
                {tick}
              </text>
            </g>
          ))}
          {entries.map((entry, index) => {
            const x = AXIS + GAP / 2 + index * (BAR + GAP);
            const selected = sameInstant(entry.date, selectedDate);
            let base = 0;
            return (
              <g key={entry.date} data-testid="trend-bar">
                <title>{TREND_TEXT.bar(entry, timeZone)}</title>
                {STACK_ORDER.map((code) => {
                  const count = entry.counts[code] ?? 0;
                  if (count === 0) return null;
                  const top = y(base + count);
                  const bottom = y(base);
                  base += count;
                  // A 1 px gap of page between segments; a colour too light for the page is outlined.
                  const edge = statusEdge(code);
                  return (
                    <rect
                      key={code}
                      x={x + (edge ? 0.5 : 0)}
                      y={top + (edge ? 0.5 : 0)}
                      width={BAR - (edge ? 1 : 0)}
                      height={Math.max(0, bottom - top - 1 - (edge ? 1 : 0))}
                      fill={INITIATIVE_STATUSES[code].hex}
                      stroke={edge}
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
                    stroke={INK.selected}
                    strokeWidth={2}
                    rx={3}
                  />
                )}
                <text
                  x={x + BAR / 2}
                  y={TOP + PLOT_HEIGHT + 15}
                  textAnchor="middle"
                  fontSize={11}
                  fill={selected ? INK.selected : INK.label}
                  fontWeight={selected ? 700 : 400}
                >
                  {formatDueDate(entry.date, timeZone).slice(0, 5)}
                </text>
              </g>
            );
          })}
        </Box>
      </Box>
      <StatusLegend codes={INITIATIVE_STATUS_CODES} />
      <div>
        <Button
          size="small"
          aria-expanded={showTable}
          aria-controls={showTable ? tableId : undefined}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? TREND_TEXT.hideTable : TREND_TEXT.showTable}
        </Button>
      </div>
      {showTable && (
        <StatusTrendTable id={tableId} entries={entries} timeZone={timeZone} selectedDate={selectedDate} />
      )}
    </Stack>
  );
}
