/**
 * A timeline date (spec §5): a picker showing MM/dd/yyyy, days only, 50 years either side of
 * today; on paper just the date as text. The field is locked for others (spec §4) while it has
 * focus or its calendar is open. The picker's code (MUI X and its date library) arrives after the
 * page has shown: until then the field shows its date as text, in the same place and size.
 */
import Event from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { LockableField } from '../../components/LockableField';
import { dateToDay, formatDay, pickerRange } from '../../lib/calendarDays';
import { useFieldLock } from '../../realtime/useFieldLock';
import { PRINT_HIDDEN, PRINT_ONLY } from './printStyles';

const TimelineDatePicker = lazy(() =>
  import('./TimelineDatePicker').then((module) => ({ default: module.TimelineDatePicker })),
);

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
  const fieldLock = useFieldLock('timeline', timelineId, field, { canEdit, preview: false, label });
  const engagement = useEngagement(fieldLock.onFocus, fieldLock.onBlur);
  const day = dateToDay(value);
  return (
    <LockableField lock={fieldLock.lock}>
      {(locked) => (
        <>
          <Box {...PRINT_HIDDEN}>
            <Suspense fallback={<DateAtRest text={day ? formatDay(day) : ''} label={label} error={error} />}>
              <TimelineDatePicker
                value={value}
                onChange={onChange}
                label={label}
                error={error}
                readOnly={locked}
                range={range}
                engagement={engagement}
              />
            </Suspense>
          </Box>
          <Typography {...PRINT_ONLY} variant="body2" sx={{ pt: 1 }}>
            {day ? formatDay(day) : '—'}
          </Typography>
        </>
      )}
    </LockableField>
  );
}

/** The date as the picker shows it (same outline, height and icon), while the picker loads. */
function DateAtRest({ text, label, error }: { text: string; label: string; error: boolean }) {
  return (
    <OutlinedInput
      size="small"
      fullWidth
      readOnly
      value={text}
      placeholder="MM/DD/YYYY"
      error={error}
      inputProps={{ 'aria-label': label }}
      endAdornment={<Event color="action" sx={{ mr: -0.25, my: 1 }} />}
    />
  );
}
