/**
 * Wraps a field that cannot be edited now (spec §4 "Field lock", §8): the field renders read-only
 * and a tooltip says why, either a missing permission or another user editing it (with a lock
 * icon). realtime/useFieldLock decides which. It also shows, for a moment, who else just edited
 * the field (spec §4: an update from a different user is flagged as from someone else).
 */
import { HISTORY_MESSAGES, MESSAGES, TIMINGS } from '@keystone/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** Why a field cannot be edited now. */
export type FieldLock = { reason: 'noPermission' } | { reason: 'lockedByOther'; userName: string | null };

/** The lock of a field for a user who may or may not edit it, before anyone else's lock is known. */
export function permissionLock(canEdit: boolean): FieldLock | null {
  return canEdit ? null : { reason: 'noPermission' };
}

export function lockMessage(lock: FieldLock): string {
  return lock.reason === 'noPermission' ? MESSAGES.noPermission : MESSAGES.fieldLockedBy(lock.userName);
}

interface LockableFieldProps {
  /** Null when the user may edit the field now. */
  lock: FieldLock | null;
  /** Someone else whose edit of this field just arrived (useFieldLock's editedBy). */
  editedBy?: string | null;
  /** Renders the field, read-only when `readOnly` is true. */
  children: (readOnly: boolean) => ReactNode;
  sx?: SxProps<Theme>;
}

/** The wrapper stays the same whether locked or not, so a lock never remounts the field's editor. */
export function LockableField({ lock, editedBy = null, children, sx }: LockableFieldProps) {
  return (
    <Tooltip
      title={lock ? lockMessage(lock) : ''}
      enterDelay={TIMINGS.tooltipDelayMs}
      // Beside the pointer: a wide field's tooltip would otherwise cover its heading.
      followCursor
      describeChild
    >
      <Box
        sx={[
          { position: 'relative', minWidth: 0, borderRadius: 1 },
          // Someone else is in this field: a quiet frame marks it as taken, not just unavailable.
          lock?.reason === 'lockedByOther' &&
            ((theme) => ({ outline: `1px dashed ${theme.palette.secondary.light}`, outlineOffset: 4 })),
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
        data-locked={lock?.reason}
      >
        {lock?.reason === 'lockedByOther' && (
          <LockOutlined
            fontSize="small"
            color="action"
            aria-hidden
            sx={{ position: 'absolute', top: 4, right: -4, fontSize: 16 }}
          />
        )}
        <LiveEditMark name={editedBy} />
        {children(lock !== null)}
      </Box>
    </Tooltip>
  );
}

const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/**
 * A small label over the field's top right corner, fading in unless motion is reduced. Screen
 * readers hear of the edit from the app's announcer (realtime/fieldAnnouncements), which names the field.
 */
function LiveEditMark({ name }: { name: string | null }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 0,
        right: 0,
        transform: 'translateY(-100%)',
        zIndex: 1,
        pointerEvents: 'none',
      }}
    >
      {name !== null && (
        <Box
          component="span"
          data-testid="live-edit-mark"
          sx={{
            display: 'inline-block',
            px: 0.75,
            borderRadius: 1,
            typography: 'caption',
            lineHeight: 1.6,
            color: 'secondary.dark',
            bgcolor: 'background.paper',
            boxShadow: 1,
            whiteSpace: 'nowrap',
            animation: `${appear} 200ms ease-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          {HISTORY_MESSAGES.editedBy(name)}
        </Box>
      )}
    </Box>
  );
}
