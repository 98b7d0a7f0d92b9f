/** The security log's two filters: one member, one kind of event (or everyone, every kind). */
import {
  type Member,
  ORGANISATION_LABELS,
  SECURITY_EVENT_KINDS,
  SECURITY_EVENT_LABELS,
  type SecurityEventKind,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SecurityLogFilter } from '../../api/organisation';
import { memberName } from './MemberRow';

const ALL = '';

const isKind = (value: string): value is SecurityEventKind =>
  (SECURITY_EVENT_KINDS as readonly string[]).includes(value);

/** "Everyone" and "All events" are choices of their own, shown as such rather than as an empty box. */
const emptyShown = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

interface SecurityLogFiltersProps {
  filter: SecurityLogFilter;
  people: Member[];
  onChange: (filter: SecurityLogFilter) => void;
}

export function SecurityLogFilters({ filter, people, onChange }: SecurityLogFiltersProps) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 2 }}>
      <TextField
        select
        size="small"
        label={ORGANISATION_LABELS.filterPerson}
        value={filter.user === null ? ALL : String(filter.user)}
        onChange={(event) =>
          onChange({ ...filter, user: event.target.value === ALL ? null : Number(event.target.value) })
        }
        fullWidth={false}
        margin="none"
        slotProps={emptyShown}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value={ALL}>{ORGANISATION_LABELS.everyone}</MenuItem>
        {people.map((person) => (
          <MenuItem key={person.id} value={String(person.id)}>
            {memberName(person)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={ORGANISATION_LABELS.filterKind}
        value={filter.kind ?? ALL}
        onChange={(event) =>
          onChange({ ...filter, kind: isKind(event.target.value) ? event.target.value : null })
        }
        fullWidth={false}
        margin="none"
        slotProps={emptyShown}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value={ALL}>{ORGANISATION_LABELS.allKinds}</MenuItem>
        {SECURITY_EVENT_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {SECURITY_EVENT_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
