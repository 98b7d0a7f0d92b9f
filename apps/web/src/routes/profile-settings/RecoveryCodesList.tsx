/** The recovery codes, shown once right after two-factor is turned on, to copy or download. */
import { MFA_MESSAGES, PRODUCT_NAME } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

interface RecoveryCodesListProps {
  codes: string[];
  onDone: () => void;
}

function download(codes: string[]): void {
  const text = `${PRODUCT_NAME} recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${PRODUCT_NAME.toLowerCase()}-recovery-codes.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesList({ codes, onDone }: RecoveryCodesListProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  };

  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        {MFA_MESSAGES.enabled}
      </Alert>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {MFA_MESSAGES.recoveryCodesWarning}
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          listStyle: 'none',
          p: 2,
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 6,
          rowGap: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 2,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outlined" onClick={() => download(codes)}>
          Download codes
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved my codes
        </Button>
      </Stack>
    </Box>
  );
}
