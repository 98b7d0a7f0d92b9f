/**
 * A measure's chart on the charter (DESIGN §10), hand-written SVG like the status trend: its
 * readings at each due date (a line with a dot per reading, the current one hollow), the expected
 * line from the baseline at the first due date to the target at the target date, and the target.
 * One image named by a summary; the lines differ by dash as well as colour, and the legend says
 * which is which. MeasureTable holds the same numbers as text.
 */
import { formatDay, formatMeasureValue, MEASURE_TEXT, type Measure } from '@keystone/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { calendarDay, type SeriesPoint } from './measureSeries';

const WIDTH = 440;
const HEIGHT = 170;
const PAD = { left: 10, right: 10, top: 22, bottom: 24 };
/** Each above 3:1 on white (WCAG 1.4.11); the text ink above 4.5:1. */
const INK = { reading: '#1b3a6b', expected: '#5f6b7a', target: '#a04f00', grid: '#dde2ea', label: '#556070' };
const DASH = { reading: undefined, expected: '6 4', target: '2 3' } as const;
const DAY = 86_400_000;

interface MeasureChartProps {
  measure: Measure;
  points: SeriesPoint[];
  summary: string;
}

export function MeasureChart({ measure, points, summary }: MeasureChartProps) {
  const start = Date.parse(calendarDay(measure.start_date));
  const end = Date.parse(calendarDay(measure.target_date));
  const times = points.map((point) => Date.parse(point.dueDate));
  const t0 = Math.min(start, ...times);
  const t1 = Math.max(end, ...times, t0 + DAY);
  const values = points.flatMap((point) => (point.value === null ? [] : [Number(point.value)]));
  const baseline = Number(measure.baseline);
  const target = Number(measure.target);
  const low = Math.min(baseline, target, ...values);
  const high = Math.max(baseline, target, ...values, low + 1);
  const x = (time: number) => PAD.left + ((time - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + ((high - value) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const trend = measure.direction === 'increase' || measure.direction === 'decrease';
  const read = points.filter((point) => point.value !== null);
  const readingPath = read
    .map((point) => `${x(Date.parse(point.dueDate))},${y(Number(point.value))}`)
    .join(' ');
  const format = (value: string | number) => formatMeasureValue(measure, value);
  const bottom = HEIGHT - PAD.bottom;

  return (
    <Stack spacing={0.5}>
      <Box sx={{ overflowX: 'auto' }}>
        {/* Focusable, so a keyboard can scroll the chart where it is wider than the screen. */}
        <Box
          component="svg"
          role="img"
          aria-label={summary}
          tabIndex={0}
          width={WIDTH}
          height={HEIGHT}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          data-testid="measure-chart"
          sx={{
            display: 'block',
            fontFamily: 'inherit',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={bottom} y2={bottom} stroke={INK.grid} />
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(target)}
            y2={y(target)}
            stroke={INK.target}
            strokeWidth={2}
            strokeDasharray={DASH.target}
          />
          <text x={PAD.left} y={y(target) - 5} fontSize={11} fill={INK.target}>
            {`${MEASURE_TEXT.legend.target} ${format(target)}`}
          </text>
          {trend && (
            <polyline
              points={`${x(start)},${y(baseline)} ${x(end)},${y(target)} ${x(t1)},${y(target)}`}
              fill="none"
              stroke={INK.expected}
              strokeWidth={1.5}
              strokeDasharray={DASH.expected}
            />
          )}
          {read.length > 1 && (
            <polyline points={readingPath} fill="none" stroke={INK.reading} strokeWidth={2} />
          )}
          {read.map((point) => (
            <circle
              key={point.dueDate}
              cx={x(Date.parse(point.dueDate))}
              cy={y(Number(point.value))}
              r={4}
              fill={point.current ? '#fff' : INK.reading}
              stroke={INK.reading}
              strokeWidth={2}
            >
              <title>{`${formatDay(point.dueDate)}: ${format(point.value ?? 0)}`}</title>
            </circle>
          ))}
          <text x={PAD.left} y={HEIGHT - 6} fontSize={11} fill={INK.label}>
            {formatDay(new Date(t0))}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize={11} fill={INK.label} textAnchor="end">
            {formatDay(new Date(t1))}
          </text>
        </Box>
      </Box>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', typography: 'caption' }}>
        {(['reading', 'expected', 'target'] as const)
          .filter((line) => trend || line !== 'expected')
          .map((line) => (
            <Box key={line} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <svg width={22} height={8} aria-hidden>
                <line
                  x1={0}
                  x2={22}
                  y1={4}
                  y2={4}
                  stroke={INK[line]}
                  strokeWidth={2}
                  strokeDasharray={DASH[line]}
                />
              </svg>
              {MEASURE_TEXT.legend[line]}
            </Box>
          ))}
      </Stack>
    </Stack>
  );
}
