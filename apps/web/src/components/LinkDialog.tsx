/** Asks for a link's address; an empty address removes the link (spec §5 "Link dialog"). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { readLinkAddress } from '../lib/linkAddress';

interface LinkDialogProps {
  /** The address of the link being edited, or '' for a new one. */
  initialHref: string;
  /** A full http(s) address to set, or null to remove the link. */
  onDone: (href: string | null) => void;
  onCancel: () => void;
}

/** Mounted only while open, so each opening starts from the link's current address. */
export function LinkDialog({ initialHref, onDone, onCancel }: LinkDialogProps) {
  const [text, setText] = useState(initialHref);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const address = readLinkAddress(text);
    if (address.kind === 'invalid') setProblem(address.message);
    else onDone(address.kind === 'set' ? address.href : null);
  };

  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>Link</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label="Web address"
          placeholder="https://example.com"
          value={text}
          error={problem !== null}
          helperText={problem ?? 'Leave empty to remove the link.'}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={submit}>
          Save link
        </Button>
      </DialogActions>
    </Dialog>
  );
}
