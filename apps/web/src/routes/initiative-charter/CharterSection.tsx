/** One part of the charter: the page's small heading with its help dialog, kept whole on a printed page. */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { HelpButton, type HelpTopic } from '../../components/help/HelpButton';
import { SectionHeading } from '../../components/SectionHeading';
import { PRINT_HIDDEN } from './printStyles';

interface CharterSectionProps {
  id: string;
  title: string;
  help?: HelpTopic;
  /** Shown at the right of the heading (e.g. a link or an add button). */
  action?: ReactNode;
  children: ReactNode;
  sx?: SxProps<Theme>;
}

export function CharterSection({ id, title, help, action, children, sx }: CharterSectionProps) {
  const headingId = `${id}-heading`;
  const helpButton = help && (
    <Box component="span" {...PRINT_HIDDEN}>
      <HelpButton topic={help} />
    </Box>
  );
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-charter-section
      sx={[{ minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <SectionHeading id={headingId} help={helpButton}>
          {title}
        </SectionHeading>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
