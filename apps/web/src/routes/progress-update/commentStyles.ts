/**
 * Comment editors sit in a table: an editable one shows its box even at rest, so it reads as a
 * place to write. Told apart by the editor's own contenteditable, so one style serves the locked
 * history, a read-only comment and one being written; :where() keeps the editor's hover and
 * focus looks winning.
 */
import type { SxProps, Theme } from '@mui/material/styles';

export const commentEditorSx: SxProps<Theme> = (theme) => ({
  typography: 'body2',
  lineHeight: 1.55,
  '& .tiptap': { mx: 0 },
  '& .tiptap:where([contenteditable="false"])': { px: 0 },
  '& .tiptap:where([contenteditable="true"])': {
    minHeight: 34,
    borderColor: theme.palette.divider,
    bgcolor: theme.palette.background.paper,
  },
});
