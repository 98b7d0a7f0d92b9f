/**
 * Drag reordering with dnd-kit (spec §4 "Reordering"): by mouse, touch or keyboard (focus a
 * handle, Space, arrow keys, Space). Only the handle starts a drag, so text stays selectable.
 * Screen readers hear the item's name and place at each step (BOARD_ITEM_TEXT), not dnd-kit's ids.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { BOARD_ITEM_TEXT } from '@keystone/contract';
import DragIndicator from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import { type CSSProperties, type ReactNode, type RefObject, useRef } from 'react';
import { dropIndex } from '../../api/strategyOrder';

interface ReorderListProps {
  ids: number[];
  /** The items' names (boardItemName), in the order of `ids`. */
  names: string[];
  /** Focus areas: a row that wraps onto more rows when narrow. Initiatives: one column. */
  layout: 'wrapping row' | 'column';
  /** Called once per drop that changes the order, with the moved item's new position. */
  onMove: (id: number, toIndex: number) => void;
  children: ReactNode;
}

/**
 * What dnd-kit says at each step of a drag, by the items' names and places (from 1). `lastOver`
 * keeps the place last said: dnd-kit reports the item over itself right after the pick-up, which
 * would cut "Picked up" short by repeating the same place.
 */
function announcementsFor(
  ids: number[],
  names: string[],
  lastOver: RefObject<UniqueIdentifier | null>,
): Announcements {
  const total = ids.length;
  const place = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const nameOf = (id: UniqueIdentifier) => names[ids.indexOf(Number(id))] ?? '';
  return {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return BOARD_ITEM_TEXT.pickedUp(nameOf(active.id), place(active.id), total);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return BOARD_ITEM_TEXT.over(nameOf(active.id), place(over.id), total);
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? BOARD_ITEM_TEXT.moved(nameOf(active.id), place(over.id), total)
        : BOARD_ITEM_TEXT.droppedBack(nameOf(active.id), place(active.id), total),
    onDragCancel: ({ active }) => BOARD_ITEM_TEXT.cancelled(nameOf(active.id), place(active.id), total),
  };
}

export function ReorderList({ ids, names, layout, onMove, children }: ReorderListProps) {
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
  // A wrapping row is a grid to dnd-kit: its items may change rows while dragged.
  const strategy = layout === 'wrapping row' ? rectSortingStrategy : verticalListSortingStrategy;
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const accessibility = {
    announcements: announcementsFor(ids, names, lastOver),
    screenReaderInstructions: { draggable: BOARD_ITEM_TEXT.dragInstructions },
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
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

/** `name`: the item's name (boardItemName); the handle is called "Drag 'name'". */
export function DragHandle({ item, name }: { item: SortableItem; name: string }) {
  return (
    <IconButton
      ref={item.setActivatorNodeRef}
      {...item.attributes}
      {...item.listeners}
      aria-label={BOARD_ITEM_TEXT.drag(name)}
      size="small"
      sx={{ cursor: item.isDragging ? 'grabbing' : 'grab', color: 'text.disabled', touchAction: 'none' }}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
}
