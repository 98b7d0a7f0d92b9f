/** A row of "who gets it" checkboxes (spec §3): one per role, under a legend. */
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { type Control, Controller } from 'react-hook-form';
import type { SettingsFormValues } from './settingsRules';

type FlagField = {
  [K in keyof SettingsFormValues]: SettingsFormValues[K] extends boolean ? K : never;
}[keyof SettingsFormValues];

export interface RecipientChoice {
  label: string;
  /** The form field it sets; none for a choice that is always on (spec §2: masters get every report). */
  field?: FlagField;
}

interface RecipientChoicesProps {
  legend: string;
  control: Control<SettingsFormValues>;
  choices: readonly RecipientChoice[];
}

export function RecipientChoices({ legend, control, choices }: RecipientChoicesProps) {
  return (
    <FormControl component="fieldset" margin="dense">
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {choices.map(({ label, field }) =>
          field ? (
            <Controller
              key={label}
              control={control}
              name={field}
              render={({ field: { value, onChange, onBlur, ref, name } }) => (
                <FormControlLabel
                  label={label}
                  control={
                    <Checkbox
                      name={name}
                      checked={value}
                      slotProps={{ input: { ref } }}
                      onChange={(event) => onChange(event.target.checked)}
                      onBlur={onBlur}
                    />
                  }
                />
              )}
            />
          ) : (
            <FormControlLabel key={label} label={label} control={<Checkbox checked disabled />} />
          ),
        )}
      </FormGroup>
    </FormControl>
  );
}
