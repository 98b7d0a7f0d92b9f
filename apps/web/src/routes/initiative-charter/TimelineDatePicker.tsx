/**
 * The MUI date picker of a timeline date, with its date library: the heaviest code of the charter
 * page, so TimelineDateField loads it after the page has shown (the date shows as text meanwhile).
 */
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_FORMAT } from '../../lib/calendarDays';
import { STARTS_EDIT } from './ApprovalEditGuard';

export interface TimelineDatePickerProps {
  value: Date | null;
  onChange: (value: Date | null) => void;
  label: string;
  error: boolean;
  readOnly: boolean;
  range: { min: Date; max: Date };
  engagement: { onFocus: () => void; onBlur: () => void; onOpen: () => void; onClose: () => void };
}

export function TimelineDatePicker({
  value,
  onChange,
  label,
  error,
  readOnly,
  range,
  engagement,
}: TimelineDatePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        value={value}
        onChange={onChange}
        format={DATE_FORMAT}
        views={['year', 'month', 'day']}
        openTo="day"
        minDate={range.min}
        maxDate={range.max}
        readOnly={readOnly}
        onOpen={engagement.onOpen}
        onClose={engagement.onClose}
        slotProps={{
          textField: {
            size: 'small',
            fullWidth: true,
            error,
            onFocus: engagement.onFocus,
            onBlur: engagement.onBlur,
            // The column heading is the visible label; the field still needs its own name.
            slotProps: { input: { 'aria-label': label, 'aria-labelledby': undefined } },
          },
          openPickerButton: { 'aria-label': `Choose ${label.toLowerCase()}`, ...STARTS_EDIT },
        }}
      />
    </LocalizationProvider>
  );
}
