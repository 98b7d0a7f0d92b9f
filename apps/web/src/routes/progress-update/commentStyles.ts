/** Comment editors sit in a table: an editable one shows its box even at rest, so it reads as a place to write. */
import type { SxProps, Theme } from '@mui/material/styles';

export function commentEditorSx(readOnly: boolean): SxProps<Theme> {
  return (theme) => ({
    typography: 'body2',
    lineHeight: 1.55,
    '& .tiptap': readOnly
      ? { mx: 0, px: 0 }
      : {
          mx: 0,
          minHeight: 34,
          borderColor: theme.palette.divider,
          bgcolor: theme.palette.background.paper,
        },
  });
}
