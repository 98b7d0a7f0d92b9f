/**
 * When progress is due (spec §3, DESIGN §6): the first progress update as a wall-clock time in the
 * strategy's time zone, the time zone, and the rhythm; beside them the due dates the server
 * computed from what is saved.
 */
import { FREQUENCY_UNITS, formatDueDate, LIMITS, TIME_ZONES } from '@keystone/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { NotificationSettings } from '../../api/notificationSettingsWire';
import { pickerRange } from '../../lib/calendarDays';
import { FirstUpdateAtRest } from './FirstUpdateAtRest';
import { SettingsSection } from './SettingsSection';
import { SettingsTextField } from './SettingsTextField';
import type { SettingsFormValues } from './settingsRules';

const FirstUpdatePicker = lazy(() =>
  import('./FirstUpdatePicker').then((module) => ({ default: module.FirstUpdatePicker })),
);

/** 'week' or 'weeks', after what is typed in the number box. */
export const unitLabel = (unit: string, count: string) => (count.trim() === '1' ? unit : `${unit}s`);

const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');

function DueDate({
  label,
  iso,
  timeZone,
  none,
}: {
  label: string;
  iso: string | null;
  timeZone: string;
  none: string;
}) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500 }}>{iso ? formatDueDate(iso, timeZone) : none}</Typography>
    </Box>
  );
}

interface ScheduleSectionProps {
  control: Control<SettingsFormValues>;
  /** The saved settings: the due dates shown are the server's, for the saved rhythm. */
  saved: NotificationSettings;
}

export function ScheduleSection({ control, saved }: ScheduleSectionProps) {
  const range = useMemo(() => pickerRange(), []);
  const timeZone = useWatch({ control, name: 'timeZone' });
  const frequency = useWatch({ control, name: 'updateFrequencyNumber' });
  return (
    <SettingsSection heading="Schedule">
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}>
        <Controller
          control={control}
          name="firstProgressUpdate"
          render={({ field, fieldState }) => {
            const error = Boolean(fieldState.error);
            const helperText =
              fieldState.error?.message ??
              (timeZone ? `Time in ${timeZoneLabel(timeZone)}` : 'Time in the strategy’s time zone');
            return (
              <Suspense
                fallback={<FirstUpdateAtRest value={field.value} error={error} helperText={helperText} />}
              >
                <FirstUpdatePicker
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={error}
                  helperText={helperText}
                  range={range}
                />
              </Suspense>
            );
          }}
        />
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Autocomplete
              options={TIME_ZONES}
              value={field.value || null}
              onChange={(_event, zone) => field.onChange(zone ?? '')}
              onBlur={field.onBlur}
              getOptionLabel={timeZoneLabel}
              autoHighlight
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={field.name}
                  inputRef={field.ref}
                  label="Time zone"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Due dates and reminders follow this zone.'}
                />
              )}
            />
          )}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
          <SettingsTextField
            control={control}
            name="updateFrequencyNumber"
            label="Repeat every"
            range={{ min: 1, max: LIMITS.frequencyMax }}
            sx={{ maxWidth: 140 }}
          />
          <Controller
            control={control}
            name="updateFrequencyUnit"
            render={({ field: { ref, ...field } }) => (
              <TextField {...field} inputRef={ref} select label="Unit" sx={{ maxWidth: 160 }}>
                {FREQUENCY_UNITS.map((unit) => (
                  <MenuItem key={unit} value={unit}>
                    {unitLabel(unit, frequency)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Box
          component="section"
          aria-label="Due dates as saved"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 4,
            rowGap: 1,
            alignSelf: 'start',
            mt: 1,
            px: 2,
            py: 1,
            bgcolor: 'background.default',
            borderRadius: 2,
          }}
        >
          <DueDate
            label="Next progress update"
            iso={saved.nextProgressUpdate}
            timeZone={saved.timeZone}
            none="Not scheduled"
          />
          <DueDate
            label="Last progress update"
            iso={saved.lastProgressUpdate}
            timeZone={saved.timeZone}
            none="None yet"
          />
        </Box>
      </Box>
    </SettingsSection>
  );
}
