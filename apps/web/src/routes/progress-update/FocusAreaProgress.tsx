/**
 * A focus area's card on the progress page (spec §2): its initiatives under Initiative, Status and
 * Comments; on a narrow screen each initiative's three are stacked.
 */
import { canWriteReading, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Comment, FocusArea } from '../../api/strategyWire';
import { stackedTableSx } from '../../components/stackedTable';
import { InitiativeProgressRow } from './InitiativeProgressRow';
import { MeasureReadings } from './MeasureReadings';
import { useProgressEditing } from './progressEditing';

interface FocusAreaProgressProps {
  focusArea: FocusArea;
  /** The comments locked at the chosen due date, by initiative; null in the current view. */
  lockedComments: Map<number, Comment[]> | null;
  targetedId: string | null;
}

const HEADINGS = [
  { text: 'Initiative', width: '26%' },
  { text: 'Status', width: 172 },
  { text: 'Comments', width: 'auto' },
] as const;

export function FocusAreaProgress({ focusArea, lockedComments, targetedId }: FocusAreaProgressProps) {
  const headingId = useId();
  const { userId, roles } = useProgressEditing();
  const title = plainText(focusArea.title).trim() || STRATEGY_MESSAGES.defineFocusArea;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ borderRadius: 3 }}>
      <Typography
        id={headingId}
        variant="h3"
        component="h2"
        sx={{ px: 2.5, pt: 2, pb: 1, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      {focusArea.measures.length > 0 && (
        <Box sx={{ px: 2.5, pb: 2 }}>
          <MeasureReadings measures={focusArea.measures} canEdit={canWriteReading(userId, roles, null)} />
        </Box>
      )}
      <Table
        aria-labelledby={headingId}
        sx={[{ tableLayout: 'fixed', '& td, & th': { px: 2.5 } }, stackedTableSx]}
      >
        <colgroup>
          {HEADINGS.map((heading) => (
            <col key={heading.text} style={{ width: heading.width }} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow>
            {HEADINGS.map((heading) => (
              <TableCell
                key={heading.text}
                sx={{ py: 1, color: 'text.secondary', fontWeight: 600, bgcolor: 'grey.50' }}
              >
                {heading.text}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {focusArea.initiatives.map((initiative) => (
            <InitiativeProgressRow
              key={initiative.id}
              initiative={initiative}
              lockedComments={lockedComments ? (lockedComments.get(initiative.id) ?? []) : null}
              targeted={targetedId === String(initiative.id)}
            />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
