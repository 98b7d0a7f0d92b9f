/** A small heading over a part of a page (strategy, charter, progress), with the part's help dialog beside it. */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SKIP_IN_EXPORT } from './exportMarks';

interface SectionHeadingProps {
  id: string;
  /** h2 unless the part is what the page is about (the strategy page's title: its h1). */
  level?: 'h1' | 'h2';
  children: ReactNode;
  /** The help button for this part (spec §1 help dialogs). */
  help?: ReactNode;
}

export function SectionHeading({ id, level = 'h2', children, help }: SectionHeadingProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1 }}>
      <Typography
        id={id}
        variant="overline"
        component={level}
        sx={{ fontWeight: 700, letterSpacing: '0.08em', color: 'text.secondary', lineHeight: 2 }}
      >
        {children}
      </Typography>
      <Box component="span" {...SKIP_IN_EXPORT}>
        {help}
      </Box>
    </Stack>
  );
}
