/**
 * The status trend's numbers as a data table: one row per due date (its full date and time as
 * the row's header), one column per status in the legend's order, and the total. It scrolls
 * inside its own box on a narrow screen, and that box takes focus so a keyboard can scroll it.
 */
import {
  formatDueDate,
  INITIATIVE_STATUS_CODES,
  INITIATIVE_STATUSES,
  type StatusHistory,
  TREND_TEXT,
  trendTotal,
} from '@keystone/contract';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TableRegion } from '../TableRegion';

/** Whether two ISO moments are the same instant (the history's and the page's may be spelled differently). */
export const sameInstant = (a: string, b: string | null) => b !== null && Date.parse(a) === Date.parse(b);

interface StatusTrendTableProps {
  id: string;
  entries: StatusHistory;
  timeZone: string;
  selectedDate: string | null;
}

export function StatusTrendTable({ id, entries, timeZone, selectedDate }: StatusTrendTableProps) {
  return (
    <TableRegion id={id} caption={TREND_TEXT.title} fitContent>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{TREND_TEXT.dueDate}</TableCell>
          {INITIATIVE_STATUS_CODES.map((code) => (
            <TableCell key={code} scope="col" align="right">
              {INITIATIVE_STATUSES[code].label}
            </TableCell>
          ))}
          <TableCell scope="col" align="right">
            {TREND_TEXT.total}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => {
          // The due date on display, outlined in the chart, is in bold here.
          const selected = sameInstant(entry.date, selectedDate);
          return (
            <TableRow
              key={entry.date}
              aria-current={selected || undefined}
              sx={selected ? { '& th, & td': { fontWeight: 700 } } : undefined}
            >
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {formatDueDate(entry.date, timeZone)}
              </TableCell>
              {INITIATIVE_STATUS_CODES.map((code) => (
                <TableCell key={code} align="right">
                  {entry.counts[code] ?? 0}
                </TableCell>
              ))}
              <TableCell align="right">{trendTotal(entry)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </TableRegion>
  );
}
