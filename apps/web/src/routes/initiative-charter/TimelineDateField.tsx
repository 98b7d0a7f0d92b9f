/**
 * A timeline date (spec §5): a picker showing MM/dd/yyyy, days only, 50 years either side of
 * today; on paper just the date as text.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useMemo } from 'react';
import { DATE_FORMAT, dateToDay, formatDay, pickerRange } from './charterDates';
import { PRINT_HIDDEN, PRINT_ONLY } from './printStyles';

interface TimelineDateFieldProps {
  value: Date | null;
  onChange: (value: Date | null) => void;
  label: string;
  readOnly: boolean;
  error: boolean;
}

export function TimelineDateField({ value, onChange, label, readOnly, error }: TimelineDateFieldProps) {
  const range = useMemo(() => pickerRange(), []);
  const day = dateToDay(value);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box {...PRINT_HIDDEN}>
        <DatePicker
          value={value}
          onChange={onChange}
          format={DATE_FORMAT}
          views={['year', 'month', 'day']}
          openTo="day"
          minDate={range.min}
          maxDate={range.max}
          readOnly={readOnly}
          slotProps={{
            textField: {
              size: 'small',
              fullWidth: true,
              error,
              // The column heading is the visible label; the field still needs its own name.
              slotProps: { input: { 'aria-label': label, 'aria-labelledby': undefined } },
            },
            openPickerButton: { 'aria-label': `Choose ${label.toLowerCase()}` },
          }}
        />
      </Box>
      <Typography {...PRINT_ONLY} variant="body2" sx={{ pt: 1 }}>
        {day ? formatDay(day) : '—'}
      </Typography>
    </Box>
  );
}
