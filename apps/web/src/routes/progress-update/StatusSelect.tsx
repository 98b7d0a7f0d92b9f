/**
 * The colour-coded initiative status (spec §4): a pill in the status's colour with readable text
 * (INITIATIVE_STATUSES hex and ink), a list of the five statuses when it can be changed.
 */
import { INITIATIVE_STATUS_CODES, INITIATIVE_STATUSES, type InitiativeStatus } from '@keystone/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

interface StatusSelectProps {
  value: InitiativeStatus;
  label: string;
  readOnly: boolean;
  onChange?: (status: InitiativeStatus) => void;
  onFocus?: () => void;
  onBlur?: () => void;
}

function StatusDot({ status }: { status: InitiativeStatus }) {
  const { hex } = INITIATIVE_STATUSES[status];
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: hex,
        flexShrink: 0,
        border: '1px solid #0002',
      }}
    />
  );
}

export function StatusSelect({ value, label, readOnly, onChange, onFocus, onBlur }: StatusSelectProps) {
  const { hex, ink } = INITIATIVE_STATUSES[value];
  return (
    <Select<InitiativeStatus>
      value={value}
      size="small"
      readOnly={readOnly}
      onChange={(event) => onChange?.(event.target.value as InitiativeStatus)}
      onFocus={onFocus}
      onBlur={onBlur}
      inputProps={{ 'aria-label': label }}
      data-status={value}
      renderValue={(status) => INITIATIVE_STATUSES[status].label}
      sx={{
        width: '100%',
        maxWidth: 150,
        borderRadius: 999,
        bgcolor: hex,
        color: ink,
        fontWeight: 600,
        fontSize: '0.875rem',
        '& .MuiSelect-select': { py: 0.625, pl: 1.75 },
        '& .MuiSelect-icon': { color: ink, display: readOnly ? 'none' : undefined },
        '& .MuiOutlinedInput-notchedOutline': { border: 'none' },
        '&.Mui-focused': { outline: `2px solid ${hex}`, outlineOffset: 2 },
        cursor: readOnly ? 'default' : 'pointer',
        '& .MuiSelect-select.MuiInputBase-input': { cursor: readOnly ? 'default' : 'pointer' },
      }}
    >
      {INITIATIVE_STATUS_CODES.map((status) => (
        <MenuItem key={status} value={status} sx={{ gap: 1 }}>
          <StatusDot status={status} />
          {INITIATIVE_STATUSES[status].label}
        </MenuItem>
      ))}
    </Select>
  );
}
