/** When an initiative's progress was last reported (its last due date), in the reader's locale. */
import { BOARD_TEXT } from '@keystone/contract';
import Typography from '@mui/material/Typography';

const dayAndMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
// An update from another year says which, or "12 Nov" would read as this November.
const withYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function shortDate(date: Date): string {
  return (date.getFullYear() === new Date().getFullYear() ? dayAndMonth : withYear).format(date);
}

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
      {BOARD_TEXT.updatedOn(shortDate(new Date(at)))}
    </Typography>
  );
}
