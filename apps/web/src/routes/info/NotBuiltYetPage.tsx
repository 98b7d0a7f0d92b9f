/** Placeholder for the strategy screens, which later issues build; keeps their routes and guards live now. */

import { PRODUCT_NAME } from '@keystone/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface NotBuiltYetPageProps {
  name: string;
}

export function NotBuiltYetPage({ name }: NotBuiltYetPageProps) {
  return (
    <Box sx={{ px: 4, py: 6, maxWidth: 720 }}>
      <title>{`${name} · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" gutterBottom>
        {name}
      </Typography>
      <Typography color="text.secondary">This page is not built yet.</Typography>
    </Box>
  );
}
