/** `sx` for text only screen readers meet: kept in the page's reading order, drawn nowhere. */
export const visuallyHidden = {
  position: 'absolute',
  // Strings: in `sx` a bare 1 means 100%.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
