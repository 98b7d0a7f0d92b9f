/** Formatting for a selection in a RichTextField: bold, italic, lists (multi-line only) and links. */
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertLink from '@mui/icons-material/InsertLink';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { type Editor, useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import { type ReactNode, useState } from 'react';
import { LinkDialog } from '../LinkDialog';

interface RichTextBubbleMenuProps {
  editor: Editor;
  singleLine: boolean;
}

export function RichTextBubbleMenu({ editor, singleLine }: RichTextBubbleMenuProps) {
  const [linkHref, setLinkHref] = useState<string | null>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });

  const finishLink = (href: string | null) => {
    setLinkHref(null);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === null) chain.unsetLink().run();
    else chain.setLink({ href }).run();
  };

  return (
    <>
      <BubbleMenu editor={editor}>
        <Paper elevation={4} sx={{ display: 'flex', p: 0.25, borderRadius: 2 }}>
          <FormatButton
            label="Bold"
            on={active.bold}
            onClick={() => editor.chain().focus().toggleBold().run()}
          >
            <FormatBold fontSize="small" />
          </FormatButton>
          <FormatButton
            label="Italic"
            on={active.italic}
            onClick={() => editor.chain().focus().toggleItalic().run()}
          >
            <FormatItalic fontSize="small" />
          </FormatButton>
          {!singleLine && (
            <FormatButton
              label="Bulleted list"
              on={active.bulletList}
              onClick={() => editor.chain().focus().toggleBulletList().run()}
            >
              <FormatListBulleted fontSize="small" />
            </FormatButton>
          )}
          {!singleLine && (
            <FormatButton
              label="Numbered list"
              on={active.orderedList}
              onClick={() => editor.chain().focus().toggleOrderedList().run()}
            >
              <FormatListNumbered fontSize="small" />
            </FormatButton>
          )}
          <FormatButton
            label="Link"
            on={active.link}
            onClick={() => setLinkHref(String(editor.getAttributes('link').href ?? ''))}
          >
            <InsertLink fontSize="small" />
          </FormatButton>
        </Paper>
      </BubbleMenu>
      {linkHref !== null && (
        <LinkDialog initialHref={linkHref} onDone={finishLink} onCancel={() => setLinkHref(null)} />
      )}
    </>
  );
}

interface FormatButtonProps {
  label: string;
  on: boolean;
  onClick: () => void;
  children: ReactNode;
}

function FormatButton({ label, on, onClick, children }: FormatButtonProps) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={on}
        // Keeps the text selected: a click must not move focus out of the editor first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        color={on ? 'primary' : 'default'}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}
