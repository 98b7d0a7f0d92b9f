/**
 * A measure's chart as a data table (its text alternative): one row per due date with the
 * reading, the value expected then and the note; the current due date marked. It scrolls in its
 * own focusable box on a narrow screen.
 */
import { formatDay, formatMeasureValue, MEASURE_TEXT, type Measure } from '@keystone/contract';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TableRegion } from '../../components/TableRegion';
import type { SeriesPoint } from './measureSeries';

export function MeasureTable({
  id,
  measure,
  points,
}: {
  id: string;
  measure: Measure;
  points: SeriesPoint[];
}) {
  return (
    <TableRegion id={id} caption={MEASURE_TEXT.tableCaption(measure.title)}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{MEASURE_TEXT.dueDate}</TableCell>
          <TableCell scope="col" align="right">
            {MEASURE_TEXT.reading}
          </TableCell>
          <TableCell scope="col" align="right">
            {MEASURE_TEXT.expected}
          </TableCell>
          <TableCell scope="col">{MEASURE_TEXT.note}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {points.map((point) => (
          <TableRow key={point.dueDate} aria-current={point.current ? 'date' : undefined}>
            <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
              {formatDay(point.dueDate)}
              {point.current && ` (${MEASURE_TEXT.current})`}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {point.value === null ? MEASURE_TEXT.noReading : formatMeasureValue(measure, point.value)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMeasureValue(measure, point.expected)}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{point.note}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </TableRegion>
  );
}
