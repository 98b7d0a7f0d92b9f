/**
 * A measure's small trend on the progress page (DESIGN §10): its locked readings and the current
 * one as a sparkline in plain SVG, with the target as a dashed line. The line is one image named
 * by a short summary; "Readings" discloses the same numbers as a table, so nobody depends on the
 * drawing.
 */
import { formatDay, formatDueDate, formatMeasureValue, MEASURE_TEXT, type Measure } from '@keystone/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 3;
/** The line and the target above 3:1 on white (non-text contrast). */
const INK = { line: '#1b3a6b', target: '#767676' };

/** One point of the trend: a due date (null: the current one, not yet reached) and its value. */
interface TrendPoint {
  dueDate: string | null;
  value: string | null;
}

/** The readings up to `until` (a locked date on display; null: all, with the current one). */
export function trendPoints(measure: Measure, until: string | null): TrendPoint[] {
  const locked = measure.history
    .filter((reading) => until === null || Date.parse(reading.due_date) <= Date.parse(until))
    .map((reading) => ({ dueDate: reading.due_date, value: reading.value }));
  return until === null ? [...locked, { dueDate: null, value: measure.current.value }] : locked;
}

interface ReadingTrendProps {
  measure: Measure;
  points: TrendPoint[];
  timeZone: string;
}

export function ReadingTrend({ measure, points, timeZone }: ReadingTrendProps) {
  const read = points.filter(
    (point): point is { dueDate: string | null; value: string } => point.value !== null,
  );
  if (read.length === 0) return null;
  const numbers = read.map((point) => Number(point.value));
  const target = Number(measure.target);
  const low = Math.min(target, ...numbers);
  const high = Math.max(target, ...numbers);
  const span = high - low || 1;
  const x = (index: number) =>
    read.length === 1 ? WIDTH / 2 : PAD + (index / (read.length - 1)) * (WIDTH - 2 * PAD);
  const y = (value: number) => HEIGHT - PAD - ((value - low) / span) * (HEIGHT - 2 * PAD);
  const latest = read.at(-1);
  const summary = MEASURE_TEXT.trendSummary(
    measure.title,
    read.length,
    latest ? formatMeasureValue(measure, latest.value) : null,
  );

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
      <svg role="img" aria-label={summary} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
        <line x1={0} x2={WIDTH} y1={y(target)} y2={y(target)} stroke={INK.target} strokeDasharray="3 3" />
        <polyline
          points={numbers.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
          fill="none"
          stroke={INK.line}
          strokeWidth={1.5}
        />
        {numbers.map((value, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: points keep their order; a due date may be absent (now)
          <circle key={index} cx={x(index)} cy={y(value)} r={2} fill={INK.line} />
        ))}
      </svg>
      <Box
        component="details"
        sx={{ typography: 'body2', '& summary': { cursor: 'pointer', color: 'primary.main' } }}
      >
        <summary>{MEASURE_TEXT.showTable}</summary>
        <Table size="small" sx={{ width: 'auto', mt: 0.5 }}>
          <caption style={{ captionSide: 'top', padding: 0 }}>
            {MEASURE_TEXT.tableCaption(measure.title)}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{MEASURE_TEXT.dueDate}</TableCell>
              <TableCell scope="col" align="right">
                {MEASURE_TEXT.reading}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {points.map((point) => (
              <TableRow key={point.dueDate ?? 'now'}>
                <TableCell component="th" scope="row">
                  {point.dueDate ? (
                    <time dateTime={point.dueDate} title={formatDueDate(point.dueDate, timeZone)}>
                      {formatDay(point.dueDate, timeZone)}
                    </time>
                  ) : (
                    MEASURE_TEXT.current
                  )}
                </TableCell>
                <TableCell align="right">
                  {point.value === null ? MEASURE_TEXT.noReading : formatMeasureValue(measure, point.value)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
