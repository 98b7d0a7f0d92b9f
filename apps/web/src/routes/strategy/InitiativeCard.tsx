/**
 * One initiative in its focus area: a single-line title that owners, sponsors and masters may
 * edit (canEditInitiative), its status, owners and last update at a glance (issue 18), links
 * to its charter and its progress (spec §2), and for masters its drag handle and Move menu.
 */
import {
  BOARD_ITEM_TEXT,
  canEditInitiative,
  INITIATIVE_STATUSES,
  LIMITS,
  MEASURE_TEXT,
  STRATEGY_MESSAGES,
  statusOrInactive,
} from '@keystone/contract';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { failureMessage, type Initiative, useStrategySaves } from '../../api/strategies';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
import type { FocusHandover } from '../../components/RichTextField';
import { initiativeTitleProblem } from '../../lib/strategyFieldRules';
import { DragHandle, useSortableItem } from './dragAndDrop';
import { LastUpdate } from './glance/LastUpdate';
import { MeasureGlance, MeasureGlanceList } from './glance/MeasureGlance';
import { OwnerAvatars } from './glance/OwnerAvatars';
import { StatusBadge } from './glance/StatusBadge';
import { MoveMenu } from './MoveMenu';
import { useStrategyEditing } from './strategyEditing';

interface InitiativeCardProps {
  initiative: Initiative;
  /** How its controls name it (boardItemName). */
  name: string;
  position: number;
  /** How many initiatives its focus area has. */
  count: number;
  canDelete: boolean;
  onDelete: () => void;
  /** Moves it to another place in its focus area (its Move menu). */
  onMove: (toIndex: number) => void;
  /** Focus for its title when it was just added. */
  takeFocus?: FocusHandover;
}

export function InitiativeCard(props: InitiativeCardProps) {
  const { initiative, name, position, count, canDelete, onDelete, onMove, takeFocus } = props;
  const { strategyId, userId, roles, isMaster, preview } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  const sortable = useSortableItem(initiative.id, !isMaster || preview);
  const canEdit = canEditInitiative(userId, roles, initiative.roles);
  // The status reported at the last due date (spec §4): the board shows what was reported.
  const status = statusOrInactive(initiative.lastStatus);
  const structureEditable = isMaster && !preview;

  return (
    <Paper
      ref={sortable.setNodeRef}
      style={sortable.style}
      component="li"
      variant="outlined"
      data-testid="initiative-card"
      sx={{
        listStyle: 'none',
        p: 1,
        pl: 1.5,
        borderRadius: 2,
        borderLeft: `4px solid ${INITIATIVE_STATUSES[status].hex}`,
        boxShadow: sortable.isDragging ? 4 : 0,
      }}
    >
      <Stack sx={{ alignItems: 'flex-start' }} direction="row" spacing={0.5}>
        <CollaborativeField
          model="initiative"
          resId={initiative.id}
          field="title"
          stored={{ value: initiative.title, version: initiative.version }}
          save={(title, base) => saves.initiativeTitle(initiative.id, title, base)}
          validate={initiativeTitleProblem}
          describeFailure={(error) => failureMessage('updateInitiative', error)}
          canEdit={canEdit}
          preview={preview}
          label={`Title of initiative ${position + 1}`}
          placeholder={STRATEGY_MESSAGES.nameYourInitiative}
          maxLength={LIMITS.title}
          singleLine
          editorSx={{ typography: 'body2', fontWeight: 500 }}
          sx={{ flexGrow: 1, minWidth: 0, pt: 0.5 }}
          takeFocus={takeFocus}
        />
        {structureEditable && <DragHandle item={sortable} name={name} />}
        {structureEditable && (
          <MoveMenu name={name} position={position} count={count} axis="column" onMove={onMove} />
        )}
      </Stack>
      {/* Fixed rows, never wrapped: the image export keeps each box's height, so a line that
          wrapped differently there would overlap the next one. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, pl: 0.5 }}>
        <StatusBadge status={status} />
        <Box sx={{ flexGrow: 1 }} />
        <OwnerAvatars owners={initiative.owners} />
      </Stack>
      <Box sx={{ pl: 0.5, mt: 0.25 }}>
        <LastUpdate at={initiative.lastProgressUpdate} />
      </Box>
      {initiative.measures.length > 0 && (
        <Box sx={{ pl: 0.5, mt: 0.75 }}>
          <MeasureGlanceList label={MEASURE_TEXT.measuresOf(name)}>
            {initiative.measures.map((measure) => (
              <MeasureGlance key={measure.id} measure={measure} />
            ))}
          </MeasureGlanceList>
        </Box>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Tooltip title={STRATEGY_MESSAGES.openCharter}>
          <IconButton
            component={RouterLink}
            to={`/initiative-charter/${initiative.id}`}
            size="small"
            aria-label={`${STRATEGY_MESSAGES.openCharter} (${name})`}
          >
            <AssignmentOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Link
          component={RouterLink}
          to={`/progress-update/${strategyId}#${initiative.id}`}
          variant="caption"
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
        >
          <TrendingUp sx={{ fontSize: 16 }} />
          Progress
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {canDelete && (
          <IconButton size="small" onClick={onDelete} aria-label={BOARD_ITEM_TEXT.delete(name)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Paper>
  );
}
