/**
 * The row of focus-area columns, wrapping onto more rows when narrow: adding (up to
 * LIMITS.focusAreasPerStrategy), moving by drag or by each column's Move menu, and deleting.
 */
import { boardItemName, LIMITS, STRATEGY_MESSAGES } from '@keystone/contract';
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
import { useAddWithFocus } from './useAddWithFocus';

export function FocusAreaBoard({ focusAreas }: { focusAreas: FocusArea[] }) {
  const { strategyId, isMaster, preview, reportError } = useStrategyEditing();
  const createFocusArea = useCreateFocusArea(strategyId);
  const moveFocusArea = useMoveFocusArea(strategyId);
  const deleteFocusArea = useDeleteFocusArea(strategyId);
  const [toDelete, setToDelete] = useState<FocusArea | null>(null);
  const structureEditable = isMaster && !preview;

  const names = focusAreas.map((area, index) => boardItemName(area.title, 'focus area', index + 1));

  const adding = useAddWithFocus(
    async () => (await createFocusArea.mutateAsync(focusAreas.length)).id,
    (error) => reportError(failureMessage('createFocusArea', error)),
  );
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
      {/* Wraps rather than break its headings' words when narrow. */}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 3 }}>
        <SectionHeading id="focus-areas-heading" help={<HelpButton topic="focusAreas" />}>
          Focus areas
        </SectionHeading>
        <SectionHeading id="initiatives-heading" help={<HelpButton topic="initiatives" />}>
          Initiatives
        </SectionHeading>
      </Stack>
      <ReorderList
        ids={focusAreas.map((area) => area.id)}
        names={names}
        layout="wrapping row"
        onMove={moveTo}
      >
        {/* Columns wrap onto new rows rather than widen the page (WCAG 1.4.10: 320 px, 200 % zoom). */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', pb: 1 }}>
          {focusAreas.map((focusArea, index) => (
            <FocusAreaColumn
              key={focusArea.id}
              focusArea={focusArea}
              name={names[index] ?? ''}
              position={index}
              count={focusAreas.length}
              canDelete={structureEditable && focusAreas.length > 1}
              onDelete={() => setToDelete(focusArea)}
              onMove={(toIndex) => moveTo(focusArea.id, toIndex)}
              takeFocus={adding.focusFor(focusArea.id)}
            />
          ))}
          {structureEditable && focusAreas.length < LIMITS.focusAreasPerStrategy && (
            <Button
              variant="outlined"
              startIcon={<Add />}
              {...adding.buttonProps}
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
