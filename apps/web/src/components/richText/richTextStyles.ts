/** The look of a rich-text field, its static text and its editor alike: quiet at rest, a clear outline while editing, placeholders in quiet grey. */
import type { SxProps, Theme } from '@mui/material/styles';

export function richTextSx(readOnly: boolean): SxProps<Theme> {
  return (theme) => ({
    '& .tiptap': {
      outline: 'none',
      borderRadius: 1,
      px: 1,
      py: 0.5,
      mx: -1,
      border: '1px solid transparent',
      transition: theme.transitions.create(['border-color', 'background-color'], { duration: 120 }),
      wordBreak: 'break-word',
      // As ProseMirror's own styles, so the static text (StaticRichText) looks the same.
      position: 'relative',
      fontVariantLigatures: 'none',
      ...(readOnly
        ? {}
        : {
            '&:hover': { bgcolor: theme.palette.action.hover },
            '&:focus': { borderColor: theme.palette.primary.main, bgcolor: theme.palette.background.paper },
          }),
    },
    '& .tiptap p': { m: 0, whiteSpace: 'break-spaces', overflowWrap: 'break-word' },
    '& .tiptap p + p': { mt: 1 },
    '& .tiptap ul, & .tiptap ol': { my: 0.5, pl: 3 },
    '& .tiptap a': { color: theme.palette.primary.main },
    '& .tiptap blockquote': {
      borderLeft: `3px solid ${theme.palette.divider}`,
      ml: 0,
      pl: 1.5,
      color: theme.palette.text.secondary,
    },
    // Placeholder text of an empty field (TipTap marks the empty paragraph).
    // Laid over the empty line rather than floated, so a long placeholder in a narrow column is
    // cut with an ellipsis instead of spilling over what follows.
    '& .tiptap p.is-editor-empty:first-of-type': { position: 'relative' },
    '& .tiptap p.is-editor-empty:first-of-type::before': {
      content: 'attr(data-placeholder)',
      // Read like other quiet text (4.5:1): the disabled grey measured 2.7:1.
      color: theme.palette.text.secondary,
      position: 'absolute',
      inset: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
    },
  });
}
