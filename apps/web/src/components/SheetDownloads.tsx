/**
 * Buttons that save spreadsheet files (the portfolio's download, the import's template): each
 * stays focused while its file comes, and a failure is said in an alert beside them.
 */
import { SPREADSHEET_MENU_TEXT } from '@keystone/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { downloadSheet, type SheetDownload } from '../api/spreadsheets';
import { BusyButton } from './BusyButton';

interface SheetDownloadsProps {
  files: readonly { kind: SheetDownload; label: string }[];
}

export function SheetDownloads({ files }: SheetDownloadsProps) {
  const download = useMutation({ mutationFn: downloadSheet });
  return (
    <Stack sx={{ gap: 1 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {files.map(({ kind, label }) => (
          <BusyButton
            key={kind}
            variant="outlined"
            size="small"
            startIcon={<DownloadOutlined />}
            busy={download.isPending}
            onClick={() => download.mutate(kind)}
          >
            {label}
          </BusyButton>
        ))}
      </Stack>
      {download.isError && (
        <Alert severity="error">
          {download.error instanceof ApiError && download.error.detail
            ? download.error.detail
            : SPREADSHEET_MENU_TEXT.downloadFailed}
        </Alert>
      )}
    </Stack>
  );
}
