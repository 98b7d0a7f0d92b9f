/**
 * A stale edit (issue 15): someone else changed the field after the user started editing it. Both
 * texts are shown, theirs and the user's own (which stays in the field, never dropped), and the
 * user decides: "Keep theirs" shows their text and drops the edit, "Use mine" sends the user's
 * text again over theirs. Screen readers are told at once (assertively: the user has to choose),
 * naming the field, through the app's announcer.
 */
import { ANNOUNCEMENT_TEXT, HISTORY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId } from 'react';
import { announce } from '../lib/announcer';
import type { AutosaveConflict } from '../lib/autosave/useAutosave';
import { RichTextField } from './RichTextField';

interface EditConflictProps<T> {
  conflict: AutosaveConflict<T>;
  /** The field's accessible label, which the announcement names. */
  label: string;
  /** Shows one of the two values read-only, with `label` as its accessible name. */
  render: (value: T, label: string) => ReactNode;
}

export function EditConflict<T>({ conflict, label, render }: EditConflictProps<T>) {
  const headingId = useId();
  // Once when it appears: the user's text keeps changing beside theirs until they choose.
  useEffect(
    () => announce(ANNOUNCEMENT_TEXT.conflict(label), { politeness: 'assertive', key: `conflict:${label}` }),
    [label],
  );
  const theirLabel = HISTORY_MESSAGES.theirText(conflict.changedBy ?? HISTORY_MESSAGES.someoneElse);
  const side = (label: string, value: T) => (
    <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
        {label}
      </Typography>
      {render(value, label)}
    </Box>
  );
  return (
    <Paper
      role="region"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid="edit-conflict"
      sx={{ mt: 1, p: 1.5, borderColor: 'warning.main', bgcolor: 'background.paper' }}
    >
      <Typography id={headingId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {HISTORY_MESSAGES.stale}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {side(theirLabel, conflict.theirs)}
        {side(HISTORY_MESSAGES.yourText, conflict.mine)}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button size="small" variant="outlined" onClick={conflict.keepTheirs}>
          {HISTORY_MESSAGES.keepTheirs}
        </Button>
        <Button size="small" variant="contained" onClick={conflict.keepMine}>
          {HISTORY_MESSAGES.useMine}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A stored rich text shown read-only (the sanitised HTML goes through the editor, never raw into the page). */
export function readOnlyRichText(value: string, label: string) {
  return (
    <RichTextField
      value={value}
      label={label}
      maxLength={Number.MAX_SAFE_INTEGER}
      readOnly
      showCounter={false}
    />
  );
}

/** A plain text (the strategy title) shown as text. */
export function plainText(value: string) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {value}
    </Typography>
  );
}
