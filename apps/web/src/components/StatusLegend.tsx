/** The status colours named, as a key under a chart or above a table of coloured counts. */
import { INITIATIVE_STATUSES, type InitiativeStatus } from '@keystone/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { statusEdge } from './statusEdge';

interface StatusLegendProps {
  /** In the order the chart or table shows them. */
  codes: readonly InitiativeStatus[];
  sx?: SxProps<Theme>;
}

export function StatusLegend({ codes, sx }: StatusLegendProps) {
  return (
    <Stack
      component="ul"
      direction="row"
      sx={[{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', gap: 1.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {codes.map((code) => (
        <Stack component="li" key={code} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 12,
              height: 12,
              borderRadius: 0.5,
              bgcolor: INITIATIVE_STATUSES[code].hex,
              // Outlined as the chart's bars are, where the colour alone is too light for the page.
              border: statusEdge(code) ? `1px solid ${statusEdge(code)}` : undefined,
            }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {INITIATIVE_STATUSES[code].label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
