/**
 * One focus area: its single-line title, its initiatives counted per status, and its
 * initiatives, which masters add (up to LIMITS.initiativesPerFocusArea), reorder by drag or by
 * each card's Move menu, and delete after a confirmation (spec §2, §9).
 */
import { BOARD_ITEM_TEXT, boardItemName, LIMITS, STRATEGY_MESSAGES } from '@keystone/contract';
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
import type { FocusHandover } from '../../components/RichTextField';
import { focusAreaTitleProblem } from '../../lib/strategyFieldRules';
import { DragHandle, ReorderList, useSortableItem } from './dragAndDrop';
import { FocusAreaMeasures } from './FocusAreaMeasures';
import { StatusCounts } from './glance/StatusCounts';
import { InitiativeCard } from './InitiativeCard';
import { MoveMenu } from './MoveMenu';
import { useStrategyEditing } from './strategyEditing';
import { useAddWithFocus } from './useAddWithFocus';

interface FocusAreaColumnProps {
  focusArea: FocusArea;
  /** How its controls name it (boardItemName). */
  name: string;
  position: number;
  /** How many focus areas the strategy has. */
  count: number;
  canDelete: boolean;
  onDelete: () => void;
  /** Moves it to another place among the focus areas (its Move menu). */
  onMove: (toIndex: number) => void;
  /** Focus for its title when it was just added. */
  takeFocus?: FocusHandover;
}

export function FocusAreaColumn(props: FocusAreaColumnProps) {
  const { focusArea, name, position, count, canDelete, onDelete, onMove, takeFocus } = props;
  const { strategyId, isMaster, preview, reportError } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  const sortable = useSortableItem(focusArea.id, !isMaster || preview);
  const createInitiative = useCreateInitiative(strategyId);
  const moveInitiative = useMoveInitiative(strategyId, focusArea.id);
  const deleteInitiative = useDeleteInitiative(strategyId);
  const [toDelete, setToDelete] = useState<Initiative | null>(null);

  const initiatives = focusArea.initiatives;
  const names = initiatives.map((item, index) => boardItemName(item.title, 'initiative', index + 1));
  const structureEditable = isMaster && !preview;

  const adding = useAddWithFocus(
    async () =>
      (await createInitiative.mutateAsync({ focusAreaId: focusArea.id, sortIndex: initiatives.length })).id,
    (error) => reportError(failureMessage('createInitiative', error)),
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
        // 210 px wide or more; when the row has no room for that, the column goes to the next row.
        flex: '1 1 210px',
        minWidth: 0,
        maxWidth: 420,
        p: 1.5,
        borderRadius: 3,
        bgcolor: '#eef2f8',
        boxShadow: sortable.isDragging ? 6 : 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        // The theme's error red is 4.43:1 on this background; its dark shade passes 4.5:1 (WCAG 1.4.3).
        '& .MuiFormHelperText-root.Mui-error': { color: 'error.dark' },
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
          label={`Title of focus area ${position + 1}`}
          placeholder={STRATEGY_MESSAGES.defineFocusArea}
          maxLength={LIMITS.title}
          singleLine
          editorSx={{ typography: 'subtitle1', fontWeight: 700, lineHeight: 1.4 }}
          sx={{ flexGrow: 1, minWidth: 0, pt: 0.5 }}
          takeFocus={takeFocus}
        />
        {structureEditable && <DragHandle item={sortable} name={name} />}
        {structureEditable && (
          <MoveMenu name={name} position={position} count={count} axis="row" onMove={onMove} />
        )}
        {structureEditable && canDelete && (
          <IconButton size="small" onClick={onDelete} aria-label={BOARD_ITEM_TEXT.delete(name)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <StatusCounts initiatives={initiatives} />
      <FocusAreaMeasures focusArea={focusArea} name={name} />
      <ReorderList ids={initiatives.map((item) => item.id)} names={names} layout="column" onMove={moveTo}>
        <Box
          component="ul"
          aria-label={`Initiatives of ${name}`}
          sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {initiatives.map((initiative, index) => (
            <InitiativeCard
              key={initiative.id}
              initiative={initiative}
              name={names[index] ?? ''}
              position={index}
              count={initiatives.length}
              canDelete={structureEditable && initiatives.length > 1}
              onDelete={() => setToDelete(initiative)}
              onMove={(toIndex) => moveTo(initiative.id, toIndex)}
              takeFocus={adding.focusFor(initiative.id)}
            />
          ))}
        </Box>
      </ReorderList>
      {structureEditable && initiatives.length < LIMITS.initiativesPerFocusArea && (
        <Button startIcon={<Add />} {...adding.buttonProps} size="small" sx={{ alignSelf: 'flex-start' }}>
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
