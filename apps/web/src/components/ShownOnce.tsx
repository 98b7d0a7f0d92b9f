/**
 * A secret the server answers this once and keeps only hashed or sealed (an access token, a SCIM
 * token, a webhook's signing secret): copy it, then say it is saved.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CopyableValue } from './CopyableValue';

interface ShownOnceProps {
  /** Names the region and the field that holds the value. */
  label: string;
  value: string;
  copyLabel: string;
  doneLabel: string;
  /** What was done, from the server's answer. */
  detail: string;
  /** A further warning under the detail, when the secret needs one. */
  children?: ReactNode;
  onDone: () => void;
}

export function ShownOnce({ label, value, copyLabel, doneLabel, detail, children, onDone }: ShownOnceProps) {
  return (
    // A region rather than an alert: its words are announced when it appears, the secret is not read out.
    <Alert
      severity="warning"
      role="region"
      aria-label={label}
      sx={{ my: 2, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <Typography variant="body2">{detail}</Typography>
      {children}
      <CopyableValue label={label} value={value} copyLabel={copyLabel} />
      <Button variant="contained" size="small" onClick={onDone}>
        {doneLabel}
      </Button>
    </Alert>
  );
}
