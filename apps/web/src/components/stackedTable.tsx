/**
 * A table whose rows turn into stacked blocks on a narrow screen (below 600 CSS px): at 320 px,
 * i.e. 400 % zoom, side-by-side columns would each be a few letters wide. The header row stays
 * for screen readers only, so a cell that needs its column's name on screen shows it with
 * StackedCellLabel.
 */
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden';

export const stackedTableSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '&, & > tbody, & > tbody > tr, & > tbody > tr > *': { display: 'block', width: '100%' },
    // Its cells too: a header cell would otherwise keep the width of its text.
    '& > thead, & > thead th': visuallyHidden,
    // One line between rows, none between the cells of a row.
    '& > tbody > tr > *': { borderBottom: 0 },
    '& > tbody > tr:not(:last-child) > :last-child': { borderBottom: `1px solid ${theme.palette.divider}` },
  },
});

/**
 * The column's name above a cell's content, on a narrow screen only. Hidden from screen readers,
 * which have the header row (and the controls' own names).
 */
export function StackedCellLabel({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: { xs: 'block', sm: 'none' },
        mb: 0.5,
        typography: 'body2',
        fontWeight: 600,
        color: 'text.secondary',
      }}
    >
      {children}
    </Box>
  );
}
