/**
 * The two live regions of the app (WCAG 4.1.3), mounted once in the layout so they exist before
 * anything is said into them: screen readers only announce changes of a region they already know.
 * Drawn nowhere; what they say is also shown on the page in its own place.
 */
import Box from '@mui/material/Box';
import { useSyncExternalStore } from 'react';
import { announcer, type Politeness } from '../../lib/announcer';
import { visuallyHidden } from '../visuallyHidden';

function Region({ politeness }: { politeness: Politeness }) {
  const spoken = useSyncExternalStore(announcer.subscribe, () => announcer.spoken(politeness));
  return (
    <Box
      // aria-live alone (no status or alert role): the page's visible messages keep those roles to themselves.
      aria-live={politeness}
      aria-atomic="true"
      data-testid={`announcer-${politeness}`}
      sx={visuallyHidden}
    >
      {/* A new node per announcement (the key): the same text said again is still a change. */}
      {spoken && <div key={spoken.id}>{spoken.text}</div>}
    </Box>
  );
}

export function LiveAnnouncer() {
  return (
    <>
      <Region politeness="polite" />
      <Region politeness="assertive" />
    </>
  );
}
