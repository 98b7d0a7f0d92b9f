/**
 * Reminders before each due date (spec §3, §9): up to five, each a number of hours or days; the
 * add button shows while there are four or fewer. A new one starts at 0 hours and says so at once.
 */
import { LIMITS, REMINDER_UNITS } from '@keystone/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, Controller, type UseFormTrigger, useFieldArray, useWatch } from 'react-hook-form';
import { RecipientChoices } from './RecipientChoices';
import { unitLabel } from './ScheduleSection';
import { SettingsSection } from './SettingsSection';
import { SettingsTextField } from './SettingsTextField';
import { canAddReminder, NEW_REMINDER, type SettingsFormValues } from './settingsRules';

interface RemindersSectionProps {
  control: Control<SettingsFormValues>;
  trigger: UseFormTrigger<SettingsFormValues>;
}

export function RemindersSection({ control, trigger }: RemindersSectionProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'teamReminders' });
  const reminders = useWatch({ control, name: 'teamReminders' });
  const add = () => {
    append(NEW_REMINDER);
    void trigger(`teamReminders.${fields.length}.offsetNumber`);
  };
  return (
    <SettingsSection heading="Reminders">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        A reminder e-mail goes out this long before each due date (at most {LIMITS.remindersPerStrategy}).
      </Typography>
      {fields.length === 0 && <Typography sx={{ my: 1 }}>No reminders.</Typography>}
      <Box component="ol" aria-label="Reminders" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((item, index) => {
          const name = `Reminder ${index + 1}`;
          return (
            <Box
              component="li"
              key={item.id}
              // On a narrow screen the unit and the words after it move to the next line.
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}
            >
              <SettingsTextField
                control={control}
                name={`teamReminders.${index}.offsetNumber`}
                label={name}
                range={{ min: 1, max: LIMITS.reminderOffsetMax }}
                sx={{ maxWidth: 200 }}
              />
              <Controller
                control={control}
                name={`teamReminders.${index}.offsetUnit`}
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    select
                    label="Unit"
                    sx={{ maxWidth: 140 }}
                    slotProps={{
                      select: {
                        // The visible label is just 'Unit'; the name says which reminder it belongs to.
                        SelectDisplayProps: {
                          'aria-label': `Unit of ${name.toLowerCase()}`,
                          'aria-labelledby': undefined,
                        } as object,
                      },
                    }}
                  >
                    {REMINDER_UNITS.map((unit) => (
                      <MenuItem key={unit} value={unit}>
                        {unitLabel(unit, reminders[index]?.offsetNumber ?? '')}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Typography sx={{ pt: 2.75, whiteSpace: 'nowrap' }} color="textSecondary">
                before the due date
              </Typography>
              <IconButton
                aria-label={`Delete ${name.toLowerCase()}`}
                onClick={() => remove(index)}
                sx={{ mt: 1.25 }}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {canAddReminder(fields.length) && (
        <Button startIcon={<Add />} onClick={add} sx={{ mt: 1 }}>
          Add reminder
        </Button>
      )}
      <Box sx={{ mt: 2 }}>
        <RecipientChoices
          legend="Send reminders to"
          control={control}
          choices={[
            { label: 'Strategy masters', field: 'reminderSendToMaster' },
            { label: 'Sponsors', field: 'reminderSendToSponsors' },
            { label: 'Owners', field: 'reminderSendToOwners' },
            { label: 'Team members', field: 'reminderSendToTeamMembers' },
          ]}
        />
      </Box>
    </SettingsSection>
  );
}
