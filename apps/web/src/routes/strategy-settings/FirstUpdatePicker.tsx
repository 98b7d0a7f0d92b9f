/**
 * The picker of the first progress update, with its date library: the heaviest code of the
 * settings page, so ScheduleSection loads it after the page has shown (the time shows as text
 * meanwhile, FirstUpdateAtRest).
 */
import { CLOCK_OPTION_NAMES } from '@keystone/contract';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Ref } from 'react';
import { FIRST_UPDATE_FORMAT, FIRST_UPDATE_LABEL } from './FirstUpdateAtRest';

const CLOCK_TEXT = {
  hoursClockNumberText: CLOCK_OPTION_NAMES.hours,
  minutesClockNumberText: CLOCK_OPTION_NAMES.minutes,
  secondsClockNumberText: CLOCK_OPTION_NAMES.seconds,
};

export interface FirstUpdatePickerProps {
  name: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error: boolean;
  helperText: string;
  range: { min: Date; max: Date };
}

export function FirstUpdatePicker(props: FirstUpdatePickerProps) {
  const { name, value, onChange, onBlur, inputRef, error, helperText, range } = props;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} localeText={CLOCK_TEXT}>
      <DateTimePicker
        label={FIRST_UPDATE_LABEL}
        value={value}
        onChange={onChange}
        inputRef={inputRef}
        ampm
        format={FIRST_UPDATE_FORMAT}
        minDate={range.min}
        maxDate={range.max}
        slotProps={{
          textField: { name, margin: 'dense', fullWidth: true, onBlur, error, helperText },
          openPickerButton: { 'aria-label': 'Choose the first progress update' },
        }}
      />
    </LocalizationProvider>
  );
}
