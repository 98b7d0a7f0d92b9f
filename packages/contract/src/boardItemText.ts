/**
 * The strategy board's words for the controls on each focus area and initiative (issue 28, WCAG
 * 2.5.7, 2.4.6 and 4.1.3): their names, which name the item by its title, the Move menu's choices,
 * and what a screen reader hears while an item is dragged or moved: its name and place, never an id.
 */
import { plainText } from './richText';

/**
 * How controls and announcements name a focus area or initiative: its title in quotes, or, while
 * it has none, its place ("initiative 3").
 */
export function boardItemName(
  richTitle: string,
  kind: 'focus area' | 'initiative',
  position: number,
): string {
  const title = plainText(richTitle).replace(/\s+/g, ' ').trim();
  return title ? `'${title}'` : `${kind} ${position}`;
}

export const BOARD_ITEM_TEXT = {
  /** The Move menu's button: the way to reorder without dragging. */
  move: (name: string) => `Move ${name}`,
  /** The drag handle (pointer drag, or Space and the arrow keys). */
  drag: (name: string) => `Drag ${name}`,
  delete: (name: string) => `Delete ${name}`,
  /**
   * A focus area's moves. Its columns wrap onto more rows on a narrow screen, where "left" and
   * "right" would not say where it goes: the place it goes to does. No place when it cannot move.
   */
  moveEarlier: (toPosition?: number) =>
    toPosition === undefined ? 'Move earlier' : `Move earlier, to position ${toPosition}`,
  moveLater: (toPosition?: number) =>
    toPosition === undefined ? 'Move later' : `Move later, to position ${toPosition}`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  pickedUp: (name: string, position: number, total: number) =>
    `Picked up ${name} at position ${position} of ${total}.`,
  over: (name: string, position: number, total: number) =>
    `${name} is over position ${position} of ${total}.`,
  moved: (name: string, position: number, total: number) =>
    `Moved ${name} to position ${position} of ${total}.`,
  droppedBack: (name: string, position: number, total: number) =>
    `${name} was put back at position ${position} of ${total}.`,
  cancelled: (name: string, position: number, total: number) =>
    `Moving ${name} was cancelled. It stays at position ${position} of ${total}.`,
  /** Read with a focused drag handle. */
  dragInstructions:
    'To pick this item up, press Space. Move it with the arrow keys, then press Space to put it down or Escape to cancel. The Move menu beside it moves it one place at a time.',
} as const;
