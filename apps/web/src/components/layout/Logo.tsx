/** The product mark and name shown in the header. */

import { PRODUCT_NAME } from '@keystone/contract';
import Box from '@mui/material/Box';

/** A keystone: the wedge at the top of an arch that holds the other stones together. */
function LogoMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#ffffff" fillOpacity="0.14" />
      <path d="M9 24h14l-3-14h-8z" fill="#ffffff" />
      <path d="M13.5 10h5l-1-4h-3z" fill="#9cc3ff" />
    </svg>
  );
}

export function Logo() {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark />
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1.2rem', letterSpacing: '0.02em' }}>
        {PRODUCT_NAME}
      </Box>
    </Box>
  );
}
