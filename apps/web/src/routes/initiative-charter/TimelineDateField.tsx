/**
 * A timeline date (spec §5): a picker showing MM/dd/yyyy, days only, 50 years either side of
 * today; on paper just the date as text. The field is locked for others (spec §4) while it has
 * focus or its calendar is open.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useMemo, useRef } from 'react';
import { LockableField } from '../../components/LockableField';
import { DATE_FORMAT, dateToDay, formatDay, pickerRange } from '../../lib/calendarDays';
import { useFieldLock } from '../../realtime/useFieldLock';
import { STARTS_EDIT } from './ApprovalEditGuard';
import { PRINT_HIDDEN, PRINT_ONLY } from './printStyles';

interface TimelineDateFieldProps {
  timelineId: number;
  field: 'start_date' | 'end_date';
  canEdit: boolean;
  value: Date | null;
  onChange: (value: Date | null) => void;
  label: string;
  error: boolean;
}

/** Focus moves from the field into the calendar and back: the lock lasts while either is in use. */
function useEngagement(onStart: () => void, onEnd: () => void) {
  const state = useRef({ focused: false, open: false });
  const set = (part: 'focused' | 'open', on: boolean) => {
    const wasEngaged = state.current.focused || state.current.open;
    state.current = { ...state.current, [part]: on };
    const engaged = state.current.focused || state.current.open;
    if (engaged && !wasEngaged) onStart();
    if (!engaged && wasEngaged) onEnd();
  };
  return {
    onFocus: () => set('focused', true),
    onBlur: () => set('focused', false),
    onOpen: () => set('open', true),
    onClose: () => set('open', false),
  };
}

export function TimelineDateField(props: TimelineDateFieldProps) {
  const { timelineId, field, canEdit, value, onChange, label, error } = props;
  const range = useMemo(() => pickerRange(), []);
  const fieldLock = useFieldLock('timeline', timelineId, field, { canEdit, preview: false });
  const engagement = useEngagement(fieldLock.onFocus, fieldLock.onBlur);
  const day = dateToDay(value);
  return (
    <LockableField lock={fieldLock.lock}>
      {(locked) => (
        <>
          <Box {...PRINT_HIDDEN}>
            <DatePicker
              value={value}
              onChange={onChange}
              format={DATE_FORMAT}
              views={['year', 'month', 'day']}
              openTo="day"
              minDate={range.min}
              maxDate={range.max}
              readOnly={locked}
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
          </Box>
          <Typography {...PRINT_ONLY} variant="body2" sx={{ pt: 1 }}>
            {day ? formatDay(day) : '—'}
          </Typography>
        </>
      )}
    </LockableField>
  );
}
