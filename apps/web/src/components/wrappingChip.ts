/**
 * `sx` for a chip whose label wraps onto more lines instead of ending in "…": at 320 CSS px a long
 * name would otherwise lose its end (WCAG 1.4.10). The chip still needs a maxWidth to wrap within.
 */
export const wrappingChipSx = {
  height: 'auto',
  minHeight: 32,
  '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 },
} as const;
