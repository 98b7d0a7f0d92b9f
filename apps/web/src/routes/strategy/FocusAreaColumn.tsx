/**
 * One focus area: its single-line title, its initiatives counted per status, and its
 * initiatives, which masters add (up to LIMITS.initiativesPerFocusArea), reorder by drag and
 * delete after a confirmation (spec §2, §9).
 */
import { LIMITS, STRATEGY_MESSAGES } from '@keystone/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { type FocusArea, failureMessage, type Initiative, useStrategySaves } from '../../api/strategies';
import { useCreateInitiative, useDeleteInitiative, useMoveInitiative } from '../../api/strategyStructure';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
import { DragHandle, ReorderList, useSortableItem } from './dragAndDrop';
import { focusAreaTitleProblem } from './fieldRules';
import { StatusCounts } from './glance/StatusCounts';
import { InitiativeCard } from './InitiativeCard';
import { useStrategyEditing } from './strategyEditing';

interface FocusAreaColumnProps {
  focusArea: FocusArea;
  position: number;
  canDelete: boolean;
  onDelete: () => void;
}

export function FocusAreaColumn({ focusArea, position, canDelete, onDelete }: FocusAreaColumnProps) {
  const { strategyId, isMaster, preview, reportError } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  const sortable = useSortableItem(focusArea.id, !isMaster || preview);
  const createInitiative = useCreateInitiative(strategyId);
  const moveInitiative = useMoveInitiative(strategyId, focusArea.id);
  const deleteInitiative = useDeleteInitiative(strategyId);
  const [toDelete, setToDelete] = useState<Initiative | null>(null);

  const name = `focus area ${position + 1}`;
  const initiatives = focusArea.initiatives;
  const structureEditable = isMaster && !preview;

  const addInitiative = () =>
    createInitiative.mutate(
      { focusAreaId: focusArea.id, sortIndex: initiatives.length },
      { onError: (error) => reportError(failureMessage('createInitiative', error)) },
    );
  const moveTo = (id: number, toIndex: number) =>
    moveInitiative.mutate(
      { id, toIndex },
      { onError: (error) => reportError(failureMessage('moveInitiative', error)) },
    );
  const confirmDelete = (initiative: Initiative) =>
    deleteInitiative.mutate(initiative.id, {
      onSuccess: () => setToDelete(null),
      onError: (error) => {
        setToDelete(null);
        reportError(failureMessage('deleteInitiative', error));
      },
    });

  return (
    <Paper
      ref={sortable.setNodeRef}
      style={sortable.style}
      component="section"
      aria-label={`Focus area ${position + 1}`}
      data-testid="focus-area"
      elevation={0}
      sx={{
        flex: '1 1 0',
        minWidth: 210,
        maxWidth: 420,
        p: 1.5,
        borderRadius: 3,
        bgcolor: '#eef2f8',
        boxShadow: sortable.isDragging ? 6 : 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Stack sx={{ alignItems: 'flex-start' }} direction="row" spacing={0.5}>
        <CollaborativeField
          model="focusArea"
          resId={focusArea.id}
          field="title"
          stored={{ value: focusArea.title, version: focusArea.version }}
          save={(title, base) => saves.focusAreaTitle(focusArea.id, title, base)}
          validate={focusAreaTitleProblem}
          describeFailure={(error) => failureMessage('updateFocusArea', error)}
          canEdit={isMaster}
          preview={preview}
          label={`Title of ${name}`}
          placeholder={STRATEGY_MESSAGES.defineFocusArea}
          maxLength={LIMITS.title}
          singleLine
          editorSx={{ typography: 'subtitle1', fontWeight: 700, lineHeight: 1.4 }}
          sx={{ flexGrow: 1, pt: 0.5 }}
        />
        {structureEditable && <DragHandle item={sortable} label={`Move ${name}`} />}
        {structureEditable && canDelete && (
          <IconButton size="small" onClick={onDelete} aria-label={`Delete ${name}`}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <StatusCounts initiatives={initiatives} />
      <ReorderList ids={initiatives.map((item) => item.id)} direction="vertical" onMove={moveTo}>
        <Box
          component="ul"
          aria-label={`Initiatives of ${name}`}
          sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {initiatives.map((initiative, index) => (
            <InitiativeCard
              key={initiative.id}
              initiative={initiative}
              position={index}
              canDelete={structureEditable && initiatives.length > 1}
              onDelete={() => setToDelete(initiative)}
            />
          ))}
        </Box>
      </ReorderList>
      {structureEditable && initiatives.length < LIMITS.initiativesPerFocusArea && (
        <Button
          startIcon={<Add />}
          onClick={addInitiative}
          disabled={createInitiative.isPending}
          size="small"
          sx={{ alignSelf: 'flex-start' }}
        >
          Add initiative
        </Button>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this initiative?"
        message={STRATEGY_MESSAGES.deleteInitiativeConfirm}
        confirmLabel="Delete initiative"
        pending={deleteInitiative.isPending}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </Paper>
  );
}
