/**
 * The charter's timeline (spec §2, §5): rows of milestone, start and end date, stacked on a narrow
 * screen; editors add and delete rows.
 */
import { CHARTER_FIELD_LABELS, LIMITS, TIMELINE_COLUMNS } from '@keystone/contract';
import Add from '@mui/icons-material/Add';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  charterFailure,
  type Timeline,
  useCreateTimeline,
  useDeleteTimeline,
  useTimelinesQuery,
} from '../../api/charter';
import { BusyButton } from '../../components/BusyButton';
import { RetryAlert } from '../../components/RetryAlert';
import { stackedTableSx } from '../../components/stackedTable';
import { visuallyHidden } from '../../components/visuallyHidden';
import { WITHDRAWS_APPROVAL } from './ApprovalEditGuard';
import { CharterSection } from './CharterSection';
import { useCharterEditing } from './charterEditing';
import { PRINT_HIDDEN } from './printStyles';
import { TimelineRow } from './TimelineRow';

/** Room for the whole 'MM/DD/YYYY' beside the calendar button (an e2e test measures it). */
const DATE_COLUMN_WIDTH = 212;

function EmptyTimeline({ canEdit }: { canEdit: boolean }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2, px: 1, color: 'text.secondary' }}>
      <EventNoteOutlined aria-hidden />
      <Typography variant="body2">
        {canEdit
          ? 'No milestones yet. Add a row for each phase or milestone with its dates.'
          : 'No milestones yet.'}
      </Typography>
    </Stack>
  );
}

function TimelineRows({ rows }: { rows: Timeline[] }) {
  const { initiativeId, reportError, beforeEdit } = useCharterEditing();
  const deleteTimeline = useDeleteTimeline(initiativeId);
  const remove = (id: number) =>
    beforeEdit(() =>
      deleteTimeline.mutate(id, {
        onError: (error) => reportError(charterFailure('deleteTimeline', error)),
      }),
    );
  return (
    <Table
      size="small"
      aria-label="Timeline"
      sx={[{ tableLayout: 'fixed' }, stackedTableSx]}
      {...WITHDRAWS_APPROVAL}
    >
      <TableHead>
        <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
          <TableCell>{TIMELINE_COLUMNS.milestone}</TableCell>
          <TableCell sx={{ width: DATE_COLUMN_WIDTH }}>{TIMELINE_COLUMNS.start}</TableCell>
          <TableCell sx={{ width: DATE_COLUMN_WIDTH }}>{TIMELINE_COLUMNS.end}</TableCell>
          <TableCell sx={{ width: 48 }} {...PRINT_HIDDEN}>
            <Box component="span" sx={visuallyHidden}>
              Actions
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, position) => (
          <TimelineRow
            key={row.id}
            timeline={row}
            position={position}
            onDelete={() => remove(row.id)}
            deleting={deleteTimeline.isPending && deleteTimeline.variables === row.id}
          />
        ))}
      </TableBody>
    </Table>
  );
}

export function TimelineTable() {
  const { initiativeId, canEdit, reportError, beforeEdit } = useCharterEditing();
  const timelines = useTimelinesQuery(initiativeId, true);
  const createTimeline = useCreateTimeline(initiativeId);
  const rows = timelines.data ?? [];
  const canAdd = canEdit && timelines.isSuccess && rows.length < LIMITS.timelinesPerInitiative;
  const add = () =>
    beforeEdit(() =>
      createTimeline.mutate(undefined, {
        onError: (error) => reportError(charterFailure('createTimeline', error)),
      }),
    );

  return (
    <CharterSection
      id="timeline"
      title={CHARTER_FIELD_LABELS.timeline}
      help="timeline"
      action={
        canAdd && (
          <BusyButton
            size="small"
            startIcon={<Add />}
            onClick={add}
            busy={createTimeline.isPending}
            {...PRINT_HIDDEN}
          >
            Add row
          </BusyButton>
        )
      }
    >
      {timelines.isPending && (
        <Skeleton variant="rounded" height={72} role="progressbar" aria-label="Loading timeline" />
      )}
      {timelines.isError && (
        <RetryAlert
          message={charterFailure('fetchTimelines', timelines.error)}
          onRetry={() => void timelines.refetch()}
        />
      )}
      {timelines.isSuccess &&
        (rows.length === 0 ? <EmptyTimeline canEdit={canEdit} /> : <TimelineRows rows={rows} />)}
      {canEdit && timelines.isSuccess && rows.length >= LIMITS.timelinesPerInitiative && (
        <Typography variant="caption" color="textSecondary" {...PRINT_HIDDEN}>
          {`A timeline holds at most ${LIMITS.timelinesPerInitiative} rows.`}
        </Typography>
      )}
    </CharterSection>
  );
}
