/**
 * A data table that scrolls inside its own box on a narrow screen (WCAG 1.4.10): the box is a
 * region named by the table's caption and takes focus, so a keyboard can scroll it too.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import { type ReactNode, useId } from 'react';

export function TableRegion({
  id,
  caption,
  fitContent = false,
  children,
}: {
  id: string;
  caption: string;
  /** As narrow as its columns allow, instead of the container's whole width. */
  fitContent?: boolean;
  /** The table's head and body. */
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <Box
      id={id}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      sx={{
        width: fitContent ? 'fit-content' : undefined,
        maxWidth: '100%',
        overflowX: 'auto',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table
        size="small"
        sx={{ width: fitContent ? 'auto' : undefined, '& caption': { captionSide: 'top', px: 0, pt: 0 } }}
      >
        <caption id={captionId}>{caption}</caption>
        {children}
      </Table>
    </Box>
  );
}
