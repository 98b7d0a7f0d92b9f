/**
 * The page's one saving line: "Saving…", "Saved", or that something is not saved yet. It is not
 * a live region itself (aria-live off): the page's store announces the outcomes through the
 * app's announcer, once per burst of saves, where this line would speak at every pause in typing.
 */
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAGE_SAVE_TEXT, type PageSaveStatus } from '../../lib/autosave/saveStatus';
import { usePageSaveStatus } from '../../lib/autosave/useAutosave';

const ICONS: Record<PageSaveStatus, typeof CloudDoneOutlined | null> = {
  idle: null,
  saving: CloudUploadOutlined,
  saved: CloudDoneOutlined,
  retrying: CloudOffOutlined,
  failed: CloudOffOutlined,
};

export function SaveStatusIndicator() {
  const status = usePageSaveStatus();
  const Icon = ICONS[status];
  const problem = status === 'retrying' || status === 'failed';
  return (
    <Stack
      role="status"
      aria-label="Save status"
      aria-live="off"
      direction="row"
      spacing={0.75}
      sx={{
        alignItems: 'center',
        color: problem ? 'error.main' : 'text.secondary',
        minWidth: 150,
        justifyContent: 'flex-end',
      }}
    >
      {Icon && <Icon fontSize="small" aria-hidden />}
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {PAGE_SAVE_TEXT[status]}
      </Typography>
    </Stack>
  );
}
