/**
 * A multi-select of people (spec §2): pick users of the organisation, or type an e-mail address
 * and press Enter or a comma to add someone who is not a user yet. Read-only with a tooltip when
 * the user may not change it.
 */
import { MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Person } from '../../api/strategies';
import { wrappingChipSx } from '../../components/wrappingChip';
import { personName } from '../../lib/personName';
import { personFromTypedEmail, samePerson } from './teamRules';

let lastTemporaryId = 0;
const nextTemporaryId = () => --lastTemporaryId;

const filterOptions = createFilterOptions<Person>({
  stringify: (person) => `${person.name ?? ''} ${person.email}`,
});

interface PeoplePickerProps {
  /** The accessible name; shown as the field's label only when `showLabel`. */
  label: string;
  showLabel?: boolean;
  value: Person[];
  options: Person[];
  onChange: (people: Person[]) => void;
  onBlur: () => void;
  /** Tells the form whether typed text waits that is not an e-mail address (it blocks Submit). */
  onInvalidTextChange: (invalid: boolean) => void;
  disabled: boolean;
  error?: string;
}

export function PeoplePicker(props: PeoplePickerProps) {
  const { label, showLabel = false, value, options, onChange, disabled, error } = props;
  const [text, setText] = useState('');
  const [invalidText, setInvalidText] = useState(false);

  const showText = (next: string, invalid: boolean) => {
    setText(next);
    setInvalidText(invalid);
    props.onInvalidTextChange(invalid);
  };

  /** Adds each typed address; what is not an address stays in the box, marked invalid. */
  const addTyped = (people: Person[], typed: readonly string[], stillTyping = '') => {
    let next = people;
    const rejected: string[] = [];
    for (const entry of typed.map((item) => item.trim()).filter(Boolean)) {
      const person = personFromTypedEmail(entry, [...options, ...next], nextTemporaryId());
      if (person === null) rejected.push(entry);
      else if (!next.some((existing) => samePerson(existing, person))) next = [...next, person];
    }
    if (next !== value) onChange(next);
    showText([...rejected, stillTyping].filter(Boolean).join(', '), rejected.length > 0);
  };

  const picker = (
    <Autocomplete<Person, true, false, true>
      multiple
      freeSolo
      filterSelectedOptions
      disabled={disabled}
      options={options}
      value={value}
      inputValue={text}
      filterOptions={filterOptions}
      // Pressing Enter compares the typed text (a string, despite the types) with each chosen person.
      isOptionEqualToValue={(option: Person | string, chosen: Person | string) =>
        typeof option !== 'string' && typeof chosen !== 'string' && samePerson(option, chosen)
      }
      getOptionKey={(option) => (typeof option === 'string' ? option : `${option.id}:${option.email}`)}
      getOptionLabel={(option) => (typeof option === 'string' ? option : personName(option))}
      onChange={(_event, next: (Person | string)[]) => {
        const people = next.filter((item): item is Person => typeof item !== 'string');
        const typed = next.filter((item): item is string => typeof item === 'string');
        if (typed.length > 0) addTyped(people, typed);
        else onChange(people);
      }}
      onInputChange={(_event, next, reason) => {
        // A comma ends an address, as Enter does.
        if (reason === 'input' && next.includes(',')) {
          const parts = next.split(',');
          const stillTyping = parts.pop() ?? '';
          addTyped(value, parts, stillTyping.trimStart());
          return;
        }
        showText(next, false);
      }}
      onBlur={() => {
        // Typed text is not silently dropped when the user moves on.
        if (text.trim()) addTyped(value, [text]);
        props.onBlur();
      }}
      // A list the user may not change shows its people without the remove ×.
      renderValue={(people, getItemProps) =>
        people.map((person, index) => {
          const { key, onDelete, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              label={typeof person === 'string' ? person : personName(person)}
              {...itemProps}
              {...(!disabled && { onDelete })}
              sx={wrappingChipSx}
            />
          );
        })
      }
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="li" key={key} {...optionProps}>
          <Box>
            <Typography variant="body2">{personName(option)}</Typography>
            {option.name !== null && (
              <Typography variant="caption" color="textSecondary">
                {option.email}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          size="small"
          label={showLabel ? label : undefined}
          placeholder={disabled ? undefined : STRATEGY_MESSAGES.addUsers}
          error={Boolean(error) || invalidText}
          helperText={invalidText ? MESSAGES.invalidEmail : error}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              ...(showLabel ? {} : { 'aria-label': label }),
            },
          }}
        />
      )}
    />
  );

  if (!disabled) return picker;
  return (
    <Tooltip title={MESSAGES.noPermission} placement="top-start">
      <Box sx={{ width: '100%' }}>{picker}</Box>
    </Tooltip>
  );
}
