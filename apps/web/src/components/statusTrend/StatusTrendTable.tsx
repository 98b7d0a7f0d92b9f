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
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId } from 'react';

/** Whether two ISO moments are the same instant (the history's and the page's may be spelled differently). */
export const sameInstant = (a: string, b: string | null) => b !== null && Date.parse(a) === Date.parse(b);

interface StatusTrendTableProps {
  id: string;
  entries: StatusHistory;
  timeZone: string;
  selectedDate: string | null;
}

export function StatusTrendTable({ id, entries, timeZone, selectedDate }: StatusTrendTableProps) {
  const captionId = useId();
  return (
    <Box
      id={id}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      sx={{
        width: 'fit-content',
        maxWidth: '100%',
        overflowX: 'auto',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" sx={{ width: 'auto', '& caption': { captionSide: 'top', px: 0, pt: 0 } }}>
        <caption id={captionId}>{TREND_TEXT.title}</caption>
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
      </Table>
    </Box>
  );
}
