/** The overview's table: one row per strategy, every column sortable by keyboard or pointer (aria-sort). */
import { formatDueDate, PORTFOLIO_TEXT, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PortfolioRow } from '../../api/portfolio';
import { EmptyUpdates } from './EmptyUpdates';
import { MeasuresOffTrack } from './MeasuresOffTrack';
import {
  firstDirection,
  PORTFOLIO_COLUMNS,
  type PortfolioColumn,
  type PortfolioSort,
  sortRows,
} from './portfolioSort';
import { StatusCountPills } from './StatusCountPills';
import { TrendBars } from './TrendBars';

const COLUMN_WIDTHS: Record<PortfolioColumn, string> = {
  title: '20%',
  now: '18%',
  trend: '14%',
  nextDue: '14%',
  emptyUpdates: '17%',
  measuresOffTrack: '17%',
};

function nextSort(current: PortfolioSort | null, column: PortfolioColumn): PortfolioSort {
  if (current?.column !== column) return { column, direction: firstDirection(column) };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

function Cells({ row, trendAsText }: { row: PortfolioRow; trendAsText: boolean }) {
  const title = plainText(row.title).trim();
  return (
    <>
      {/* A title with a long word breaks anywhere rather than widen the table. */}
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
        <Link
          component={RouterLink}
          to={`/strategy/${row.id}`}
          sx={{ fontWeight: 600, color: title ? 'primary.main' : 'text.secondary' }}
        >
          {title || STRATEGY_MESSAGES.untitledStrategy}
        </Link>
      </TableCell>
      <TableCell>
        <StatusCountPills counts={row.counts} />
      </TableCell>
      <TableCell>
        <TrendBars trend={row.trend} timeZone={row.timeZone} asText={trendAsText} />
      </TableCell>
      <TableCell>
        {row.nextDueDate ? (
          <time dateTime={row.nextDueDate}>{formatDueDate(row.nextDueDate, row.timeZone)}</time>
        ) : (
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {PORTFOLIO_TEXT.noSchedule}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <EmptyUpdates row={row} />
      </TableCell>
      <TableCell>
        <MeasuresOffTrack row={row} />
      </TableCell>
    </>
  );
}

interface PortfolioTableProps {
  rows: readonly PortfolioRow[];
  /** The trend column's counts in words rather than bars. */
  trendAsText: boolean;
}

export function PortfolioTable({ rows, trendAsText }: PortfolioTableProps) {
  const [sort, setSort] = useState<PortfolioSort | null>(null);
  const sorted = sortRows(rows, sort);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        aria-label={PORTFOLIO_TEXT.pageTitle}
        // A tablet (sm, e.g. 820 px) gets the table at its container's width, with tighter cells and
        // headings that may wrap; a phone scrolls it inside its own box.
        sx={{
          minWidth: { xs: 560, sm: 0, md: 880 },
          '& td, & th': { verticalAlign: 'top', px: { xs: 1, md: 2 } },
        }}
      >
        <TableHead>
          <TableRow sx={{ '& th': { bgcolor: 'grey.50', fontWeight: 600 } }}>
            {PORTFOLIO_COLUMNS.map((column) => {
              const active = sort?.column === column;
              return (
                <TableCell
                  key={column}
                  aria-sort={active ? sort.direction : 'none'}
                  sx={{ width: COLUMN_WIDTHS[column], whiteSpace: { md: 'nowrap' } }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active && sort.direction === 'descending' ? 'desc' : 'asc'}
                    onClick={() => setSort((current) => nextSort(current, column))}
                  >
                    {PORTFOLIO_TEXT.columns[column]}
                  </TableSortLabel>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={row.id} data-testid="portfolio-row">
              <Cells row={row} trendAsText={trendAsText} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
