/** The row of focus-area columns: adding (up to LIMITS.focusAreasPerStrategy), dragging and deleting. */
import { LIMITS, STRATEGY_MESSAGES } from '@keystone/contract';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { type FocusArea, failureMessage } from '../../api/strategies';
import { useCreateFocusArea, useDeleteFocusArea, useMoveFocusArea } from '../../api/strategyStructure';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { HelpButton } from '../../components/help/HelpButton';
import { SectionHeading } from '../../components/SectionHeading';
import { ReorderList } from './dragAndDrop';
import { FocusAreaColumn } from './FocusAreaColumn';
import { useStrategyEditing } from './strategyEditing';

export function FocusAreaBoard({ focusAreas }: { focusAreas: FocusArea[] }) {
  const { strategyId, isMaster, preview, reportError } = useStrategyEditing();
  const createFocusArea = useCreateFocusArea(strategyId);
  const moveFocusArea = useMoveFocusArea(strategyId);
  const deleteFocusArea = useDeleteFocusArea(strategyId);
  const [toDelete, setToDelete] = useState<FocusArea | null>(null);
  const structureEditable = isMaster && !preview;

  const addFocusArea = () =>
    createFocusArea.mutate(focusAreas.length, {
      onError: (error) => reportError(failureMessage('createFocusArea', error)),
    });
  const moveTo = (id: number, toIndex: number) =>
    moveFocusArea.mutate(
      { id, toIndex },
      { onError: (error) => reportError(failureMessage('moveFocusArea', error)) },
    );
  const confirmDelete = (focusArea: FocusArea) =>
    deleteFocusArea.mutate(focusArea.id, {
      onSuccess: () => setToDelete(null),
      onError: (error) => {
        setToDelete(null);
        reportError(failureMessage('deleteFocusArea', error));
      },
    });

  return (
    <Box component="section" aria-labelledby="focus-areas-heading">
      <Stack direction="row" spacing={3}>
        <SectionHeading id="focus-areas-heading" help={<HelpButton topic="focusAreas" />}>
          Focus areas
        </SectionHeading>
        <SectionHeading id="initiatives-heading" help={<HelpButton topic="initiatives" />}>
          Initiatives
        </SectionHeading>
      </Stack>
      <ReorderList ids={focusAreas.map((area) => area.id)} direction="horizontal" onMove={moveTo}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', overflowX: 'auto', pb: 1 }}>
          {focusAreas.map((focusArea, index) => (
            <FocusAreaColumn
              key={focusArea.id}
              focusArea={focusArea}
              position={index}
              canDelete={structureEditable && focusAreas.length > 1}
              onDelete={() => setToDelete(focusArea)}
            />
          ))}
          {structureEditable && focusAreas.length < LIMITS.focusAreasPerStrategy && (
            <Button
              variant="outlined"
              startIcon={<Add />}
              onClick={addFocusArea}
              disabled={createFocusArea.isPending}
              sx={{ flex: '0 0 auto', alignSelf: 'stretch', borderStyle: 'dashed', minHeight: 120, px: 2 }}
            >
              Add focus area
            </Button>
          )}
        </Box>
      </ReorderList>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this focus area?"
        message={STRATEGY_MESSAGES.deleteFocusAreaConfirm}
        confirmLabel="Delete focus area"
        pending={deleteFocusArea.isPending}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
