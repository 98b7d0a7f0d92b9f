/** A value to copy into another tool (a redirect URI, a base URL, a token or secret shown once), with a copy button. */
import { SSO_SETTINGS_LABELS } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { announce } from '../lib/announcer';

interface CopyableValueProps {
  label: string;
  value: string;
  /** The copy button's name, which starts with its visible word "Copy" (WCAG 2.5.3). */
  copyLabel: string;
  help?: string;
}

export function CopyableValue({ label, value, copyLabel, help }: CopyableValueProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      announce(SSO_SETTINGS_LABELS.copied);
    } catch {
      announce(SSO_SETTINGS_LABELS.copyFailed, { politeness: 'assertive' });
    }
  };
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="subtitle2" component="p">
        {label}
      </Typography>
      {help && (
        <Typography variant="body2" color="textSecondary">
          {help}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        <Box
          component="code"
          sx={{
            fontFamily: 'monospace',
            bgcolor: 'action.hover',
            borderRadius: 1,
            px: 1,
            py: 0.5,
            overflowWrap: 'anywhere',
            minWidth: 0,
          }}
        >
          {value}
        </Box>
        <Button size="small" variant="outlined" onClick={() => void copy()} aria-label={copyLabel}>
          {SSO_SETTINGS_LABELS.copy}
        </Button>
      </Box>
    </Box>
  );
}
