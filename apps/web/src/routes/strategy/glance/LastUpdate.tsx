/** When an initiative's progress was last reported (the last due date with an update), MM/DD/YYYY. */
import { BOARD_TEXT, formatDay } from '@keystone/contract';
import Typography from '@mui/material/Typography';

export function LastUpdate({ at }: { at: string | null }) {
  if (!at)
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {BOARD_TEXT.noUpdateYet}
      </Typography>
    );
  return (
    <Typography
      variant="caption"
      component="time"
      dateTime={at}
      data-testid="initiative-last-update"
      sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
    >
      {BOARD_TEXT.updatedOn(formatDay(at))}
    </Typography>
  );
}
