/**
 * A discreet word on the live connection beside the page's save line: "Reconnecting…" while it
 * is down (editing goes on; saves retry), nothing once it is back.
 */
import SyncDisabledOutlined from '@mui/icons-material/SyncDisabledOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import type { ConnectionStatus } from './connectionState';
import { useRealtime } from './realtimeContext';

const TEXT: Record<ConnectionStatus, string> = {
  connected: '',
  reconnecting: 'Reconnecting…',
  unavailable: 'Live updates unavailable',
};

export function ConnectionStatusIndicator() {
  const { connection } = useRealtime();
  const status = useSyncExternalStore(connection.subscribe, connection.getStatus);
  // The live region stays in the page, so screen readers announce the text when it appears.
  return (
    <Stack
      role="status"
      aria-label="Connection status"
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', color: 'text.secondary' }}
    >
      {status === 'reconnecting' && <CircularProgress size={14} color="inherit" aria-hidden />}
      {status === 'unavailable' && <SyncDisabledOutlined fontSize="small" aria-hidden />}
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {TEXT[status]}
      </Typography>
    </Stack>
  );
}
