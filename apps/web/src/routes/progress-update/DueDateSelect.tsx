/**
 * The Due Date dropdown (spec §2, §4): first the current due date (the settings' next progress
 * update), then the locked due dates, newest first. Picking a locked one shows its history.
 */
import { formatDueDate } from '@keystone/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The value of the current period's entry; a locked due date is its ISO instant. */
export const CURRENT = 'current';

interface DueDateSelectProps {
  value: string;
  onChange: (value: string) => void;
  /** The next due date (ISO), or null when none is set. */
  nextDue: string | null;
  timeZone: string;
  /** The locked due dates (ISO instants); listed newest first (spec §9). */
  lockedDates: readonly string[];
}

export function currentLabel(nextDue: string | null, timeZone: string): string {
  return nextDue ? `${formatDueDate(nextDue, timeZone)} (current)` : 'Current (no due date set)';
}

const newestFirst = (dates: readonly string[]) => [...dates].sort((a, b) => Date.parse(b) - Date.parse(a));

export function DueDateSelect({ value, onChange, nextDue, timeZone, lockedDates }: DueDateSelectProps) {
  return (
    <TextField
      select
      label="Due Date"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      fullWidth={false}
      margin="none"
      // On a narrow screen the chosen date wraps rather than pushing the page wider.
      sx={{
        minWidth: { sm: 300 },
        maxWidth: '100%',
        '& .MuiSelect-select.MuiInputBase-input': { whiteSpace: 'normal' },
      }}
    >
      <MenuItem value={CURRENT}>{currentLabel(nextDue, timeZone)}</MenuItem>
      {newestFirst(lockedDates).map((date) => (
        <MenuItem key={date} value={date}>
          {formatDueDate(date, timeZone)}
        </MenuItem>
      ))}
    </TextField>
  );
}
