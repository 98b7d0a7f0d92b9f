/** An initiative's status as the board shows it: the label on the contract's colour (spec §4). */
import { BOARD_TEXT, INITIATIVE_STATUSES, type InitiativeStatus } from '@keystone/contract';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../components/visuallyHidden';

export function StatusBadge({ status }: { status: InitiativeStatus }) {
  const { label, hex, ink } = INITIATIVE_STATUSES[status];
  return (
    <Box
      component="span"
      data-testid="initiative-status"
      sx={{
        position: 'relative',
        px: 0.75,
        borderRadius: 1,
        bgcolor: hex,
        color: ink,
        typography: 'caption',
        fontWeight: 600,
        lineHeight: '20px',
        whiteSpace: 'nowrap',
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {BOARD_TEXT.statusPrefix}
      </Box>
      {label}
    </Box>
  );
}
