/**
 * The way to reorder without dragging (WCAG 2.5.7): a button beside the drag handle opens a menu
 * that moves the item one place back or forward, by pointer, touch or keyboard. A choice that
 * would leave the list is disabled. The move is announced by name and place, and focus comes
 * back to this button at the item's new place: moving an element in the page can drop focus
 * to the body.
 */
import { BOARD_ITEM_TEXT } from '@keystone/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import SwapVert from '@mui/icons-material/SwapVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useId, useRef, useState } from 'react';
import { announce } from '../../lib/announcer';

interface MoveMenuProps {
  /** The item's name (boardItemName). */
  name: string;
  /** The item's place among its siblings, from 0. */
  position: number;
  count: number;
  /** Focus areas stand in a row that wraps (earlier, later); initiatives in a column (up, down). */
  axis: 'row' | 'column';
  onMove: (toIndex: number) => void;
}

export function MoveMenu({ name, position, count, axis, onMove }: MoveMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const menuId = useId();

  // The item arrived at its new place (or went back after a failed move): focus follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the position changes, which is the point.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    button.current?.focus();
  }, [position]);

  const choose = (toIndex: number) => () => {
    setAnchor(null);
    moved.current = true;
    onMove(toIndex);
    announce(BOARD_ITEM_TEXT.moved(name, toIndex + 1, count), { key: 'board-move' });
  };
  const row = axis === 'row';
  const first = position === 0;
  const last = position >= count - 1;
  // Places are counted from 1, as the announcements count them.
  const [back, forward] = row
    ? [
        BOARD_ITEM_TEXT.moveEarlier(first ? undefined : position),
        BOARD_ITEM_TEXT.moveLater(last ? undefined : position + 2),
      ]
    : [BOARD_ITEM_TEXT.moveUp, BOARD_ITEM_TEXT.moveDown];
  const [Icon, BackIcon, ForwardIcon] = row
    ? [SwapHoriz, ArrowBack, ArrowForward]
    : [SwapVert, ArrowUpward, ArrowDownward];

  return (
    <>
      <IconButton
        ref={button}
        size="small"
        aria-label={BOARD_ITEM_TEXT.move(name)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.secondary' }}
      >
        <Icon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={first} onClick={choose(position - 1)}>
          <ListItemIcon>
            <BackIcon fontSize="small" />
          </ListItemIcon>
          {back}
        </MenuItem>
        <MenuItem disabled={last} onClick={choose(position + 1)}>
          <ListItemIcon>
            <ForwardIcon fontSize="small" />
          </ListItemIcon>
          {forward}
        </MenuItem>
      </Menu>
    </>
  );
}
