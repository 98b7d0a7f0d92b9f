/**
 * The board's polite live region: says where a Move menu put an item (WCAG 4.1.3). dnd-kit speaks
 * for drags through its own region; this one is for moves that are not drags.
 */
import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';
import { visuallyHidden } from '../../components/visuallyHidden';

interface Announcement {
  text: string;
  /** Counts announcements, so the same words said twice are a new node and heard twice. */
  count: number;
}

export function useBoardAnnouncer() {
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '', count: 0 });
  const announce = useCallback(
    (text: string) => setAnnouncement((previous) => ({ text, count: previous.count + 1 })),
    [],
  );
  const region = (
    <Box aria-live="polite" aria-atomic="true" data-testid="board-announcement" sx={visuallyHidden}>
      <span key={announcement.count}>{announcement.text}</span>
    </Box>
  );
  return { announce, region };
}
