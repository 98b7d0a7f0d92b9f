/** While the server makes a PDF (up to a second or so): a quiet "Preparing PDF…" at the foot of the page. */
import { PDF_MESSAGES } from '@keystone/contract';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';

export function PdfProgress({ open }: { open: boolean }) {
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ content: { role: 'status' } }}
      message={
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CircularProgress size={16} color="inherit" aria-hidden />
          <span>{PDF_MESSAGES.preparingPdf}</span>
        </Stack>
      }
    />
  );
}
