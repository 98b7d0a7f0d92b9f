/** A focus area's initiatives counted per status, in the contract's order, each with its colour. */
import { BOARD_TEXT, countByStatus, INITIATIVE_STATUSES, statusCountText } from '@keystone/contract';
import Box from '@mui/material/Box';
import type { Initiative } from '../../../api/strategyWire';

export function StatusCounts({ initiatives }: { initiatives: Initiative[] }) {
  const counts = countByStatus(initiatives.map((initiative) => initiative.lastStatus));
  return (
    <Box
      component="ul"
      aria-label={BOARD_TEXT.statusCounts}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.25, rowGap: 0.25, m: 0, p: 0, listStyle: 'none' }}
    >
      {counts.map((entry) => (
        <Box
          component="li"
          key={entry.status}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            typography: 'caption',
            color: 'text.secondary',
          }}
        >
          <Box
            component="span"
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: INITIATIVE_STATUSES[entry.status].hex }}
          />
          {statusCountText(entry)}
        </Box>
      ))}
    </Box>
  );
}
