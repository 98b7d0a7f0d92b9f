/**
 * One initiative in its focus area: a single-line title that owners, sponsors and masters may
 * edit (canEditInitiative), and links to its charter and its progress (spec §2).
 */
import {
  canEditInitiative,
  INITIATIVE_STATUSES,
  type InitiativeStatus,
  LIMITS,
  STRATEGY_MESSAGES,
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
import { DragHandle, useSortableItem } from './dragAndDrop';
import { initiativeTitleProblem } from './fieldRules';
import { useStrategyEditing } from './strategyEditing';

/** Status colours of spec §4; no last status reads as Inactive. */
const STATUS_COLOURS: Record<InitiativeStatus, string> = {
  IN: '#9aa3ae',
  CO: '#2f6fd1',
  BL: '#c62828',
  DE: '#e0a100',
  OT: '#2e7d32',
};

function statusOf(initiative: Initiative): InitiativeStatus {
  const status = initiative.lastStatus ?? 'IN';
  return status in INITIATIVE_STATUSES ? (status as InitiativeStatus) : 'IN';
}

interface InitiativeCardProps {
  initiative: Initiative;
  position: number;
  canDelete: boolean;
  onDelete: () => void;
}

export function InitiativeCard({ initiative, position, canDelete, onDelete }: InitiativeCardProps) {
  const { strategyId, userId, roles, isMaster, preview } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  const sortable = useSortableItem(initiative.id, !isMaster || preview);
  const canEdit = canEditInitiative(userId, roles, initiative.roles);
  const status = statusOf(initiative);
  const name = `initiative ${position + 1}`;

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
        borderLeft: `4px solid ${STATUS_COLOURS[status]}`,
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
          label={`Title of ${name}`}
          placeholder={STRATEGY_MESSAGES.nameYourInitiative}
          maxLength={LIMITS.title}
          singleLine
          editorSx={{ typography: 'body2', fontWeight: 500 }}
          sx={{ flexGrow: 1, pt: 0.5 }}
        />
        {isMaster && !preview && <DragHandle item={sortable} label={`Move ${name}`} />}
      </Stack>
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
          title={`Status: ${INITIATIVE_STATUSES[status].label}`}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
        >
          <TrendingUp sx={{ fontSize: 16 }} />
          Progress
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {canDelete && (
          <IconButton size="small" onClick={onDelete} aria-label={`Delete ${name}`}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Paper>
  );
}
