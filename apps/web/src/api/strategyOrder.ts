/** Ordering of sibling focus areas or initiatives: dense positions 0..n-1, as the server keeps them. */

interface Sortable {
  id: number;
  sortIndex: number;
}

/** New positions (sort_index) of the moved item's siblings, as the server stored them. */
export type SiblingOrder = Map<number, number>;

/** Any reordering of a list of siblings that keeps each item's own type. */
export type Reorder = <T extends Sortable>(items: T[]) => T[];

/** Moves the item to `toIndex` and renumbers all siblings 0..n-1; the index is clamped to the list. */
export function moveItem<T extends Sortable>(items: T[], id: number, toIndex: number): T[] {
  const moved = items.find((item) => item.id === id);
  if (!moved) return items;
  const rest = items.filter((item) => item.id !== id);
  const index = Math.max(0, Math.min(toIndex, rest.length));
  return [...rest.slice(0, index), moved, ...rest.slice(index)].map((item, sortIndex) => ({
    ...item,
    sortIndex,
  }));
}

/** Puts items in the order the server answered; items it did not mention keep their place. */
export function applyOrder<T extends Sortable>(items: T[], order: SiblingOrder): T[] {
  return items
    .map((item) => ({ ...item, sortIndex: order.get(item.id) ?? item.sortIndex }))
    .sort((a, b) => a.sortIndex - b.sortIndex);
}

/**
 * The sort_index to send after a drag: the target's position among the siblings. Null when the
 * drop changes nothing (dropped on itself or outside the list).
 */
export function dropIndex(ids: readonly number[], activeId: number, overId: number | null): number | null {
  if (overId === null || overId === activeId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  return from === -1 || to === -1 ? null : to;
}
