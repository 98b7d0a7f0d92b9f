/**
 * Drag reordering with dnd-kit (spec §4 "Reordering"): by mouse, touch or keyboard (focus a
 * handle, Space, arrow keys, Space). Only the handle starts a drag, so text stays selectable.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import type { CSSProperties, ReactNode } from 'react';
import { dropIndex } from '../../api/strategyOrder';

interface ReorderListProps {
  ids: number[];
  direction: 'horizontal' | 'vertical';
  /** Called once per drop that changes the order, with the moved item's new position. */
  onMove: (id: number, toIndex: number) => void;
  children: ReactNode;
}

export function ReorderList({ ids, direction, onMove, children }: ReorderListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const toIndex = dropIndex(ids, Number(active.id), over ? Number(over.id) : null);
    if (toIndex !== null) onMove(Number(active.id), toIndex);
  };
  const strategy = direction === 'horizontal' ? horizontalListSortingStrategy : verticalListSortingStrategy;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={strategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export type SortableItem = ReturnType<typeof useSortable> & { style: CSSProperties };

export function useSortableItem(id: number, disabled: boolean): SortableItem {
  const sortable = useSortable({ id, disabled });
  const style: CSSProperties = {
    // Translate only: scaling would squash columns and cards of different heights.
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 2 : undefined,
    opacity: sortable.isDragging ? 0.85 : undefined,
  };
  return { ...sortable, style };
}

export function DragHandle({ item, label }: { item: SortableItem; label: string }) {
  return (
    <IconButton
      ref={item.setActivatorNodeRef}
      {...item.attributes}
      {...item.listeners}
      aria-label={label}
      size="small"
      sx={{ cursor: item.isDragging ? 'grabbing' : 'grab', color: 'text.disabled', touchAction: 'none' }}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
}
