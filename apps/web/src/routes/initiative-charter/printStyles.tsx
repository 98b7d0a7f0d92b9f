/**
 * The charter printed (or saved as PDF from the browser's print dialog) is one clean document:
 * no header, buttons or help icons, fields as plain text, sections kept whole where they fit.
 * Mounted only while the charter page is shown, so other pages print as before.
 */
import GlobalStyles from '@mui/material/GlobalStyles';

/** Spread on an element that has no place on paper (buttons, pickers, help icons). */
export const PRINT_HIDDEN = { 'data-print': 'hide' } as const;
/** Spread on an element shown only on paper (a date as text instead of its picker). */
export const PRINT_ONLY = { 'data-print': 'only' } as const;

const styles = {
  '[data-print="only"]': { display: 'none' },
  '@media print': {
    '@page': { size: 'A4', margin: '14mm 14mm 16mm' },
    'html, body': { background: '#fff !important' },
    body: { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
    '.MuiAppBar-root, .MuiSnackbar-root, .MuiTooltip-popper, .MuiLinearProgress-root, [data-print="hide"]': {
      display: 'none !important',
    },
    '[data-print="only"]': { display: 'block !important' },
    '[data-charter-page]': { padding: '0 !important', maxWidth: 'none !important' },
    '[data-charter-document]': {
      padding: '0 !important',
      gap: '22px !important',
      boxShadow: 'none !important',
      border: 'none !important',
    },
    // A4 is narrower than the screen's two-column breakpoint; paired sections stay side by side.
    '[data-charter-columns]': { gridTemplateColumns: '1fr 1fr !important', gap: '22px 32px !important' },
    '[data-charter-section]': { breakInside: 'avoid', pageBreakInside: 'avoid' },
    'h1, h2': { breakAfter: 'avoid', pageBreakAfter: 'avoid' },
    'tr, [data-timeline-row]': { breakInside: 'avoid', pageBreakInside: 'avoid' },
    // Fields read as text: no outlines, hover tints or empty-field prompts.
    '.tiptap': {
      border: 'none !important',
      padding: '0 !important',
      margin: '0 !important',
      background: 'none !important',
    },
    // Outranks the field's own placeholder rule by specificity (emotion refuses `content` with !important).
    '[data-charter-page] [data-charter-document] .tiptap p.is-editor-empty:first-of-type::before': {
      content: '"—"',
      color: '#9aa3ae',
    },
    a: { color: 'inherit !important', textDecoration: 'underline' },
  },
} as const;

export function CharterPrintStyles() {
  return <GlobalStyles styles={styles} />;
}
