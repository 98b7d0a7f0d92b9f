/** "Start from a spreadsheet": the way to the import page (issue 32), beside "Start from an example". */
import { SPREADSHEET_TEXT } from '@keystone/contract';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { importSpreadsheetPath } from '../paths';

export function StartFromSpreadsheet({ variant = 'text' }: { variant?: ButtonProps['variant'] }) {
  return (
    <Button
      variant={variant}
      component={RouterLink}
      to={importSpreadsheetPath}
      startIcon={<UploadFileOutlined />}
    >
      {SPREADSHEET_TEXT.start}
    </Button>
  );
}
