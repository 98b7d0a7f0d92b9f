/**
 * A small "?" button that opens the help dialog of one topic. The dialog and all help texts
 * load on first use (and are prefetched on hover or focus), so pages pay nothing for them upfront.
 */
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { HELP_TITLES, type HelpTopic } from '../../help/topics';

export type { HelpTopic } from '../../help/topics';

const loadHelpDialog = () => import('./HelpDialog');
const HelpDialog = lazy(() => loadHelpDialog().then((m) => ({ default: m.HelpDialog })));

export function HelpButton({ topic }: { topic: HelpTopic }) {
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening so the closing transition can play.
  const [used, setUsed] = useState(false);
  const prefetch = () => void loadHelpDialog();
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Help: ${HELP_TITLES[topic]}`}
        aria-haspopup="dialog"
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        sx={{ color: 'text.secondary' }}
      >
        <HelpOutlineIcon fontSize="small" />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <HelpDialog topic={topic} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
