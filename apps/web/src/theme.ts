/** The app's look: calm neutrals, one deep blue for actions, system fonts (nothing to download). */
import { POP_UP_LABEL, TIMINGS } from '@keystone/contract';
import { createTheme } from '@mui/material/styles';
import { FOCUS_RING_COLOR, focusRing, insetFocusRing, LIGHT_FOCUS_RING } from './focusRing';

/** At least 3:1 on every page background (white, #f4f6fa, the columns' #eef2f8): an input's edge. */
const INPUT_BORDER = '#767f8d';
/** At least 4.5:1 on the same backgrounds: secondary text, placeholders, a disabled field's reason. */
const QUIET_TEXT = '#556070';

export const theme = createTheme({
  palette: {
    primary: { main: '#1b3a6b', light: '#3d5f94', dark: '#0f2547', contrastText: '#ffffff' },
    secondary: { main: '#4a6fa5' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#1c2533', secondary: QUIET_TEXT },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':root': { [FOCUS_RING_COLOR]: '#1b3a6b' },
        // A heading focused after a page change is a reading position, not a control: no ring.
        'h1[tabindex="-1"]:focus, [role="heading"][tabindex="-1"]:focus': { outline: 'none' },
      },
    },
    // Every MUI control (buttons, icon buttons, chips, menu items, tabs, checkboxes…) shows the
    // same ring on keyboard focus; MUI sets Mui-focusVisible only when :focus-visible matches,
    // so a mouse click shows none. The ripple alone measured 1.15–1.76:1.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    // Items that fill a scrolling list or tab strip: drawn inside, where nothing clips it.
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    // Checkbox and radio: the ring on the edge of their round padding, clear of the label beside them.
    MuiCheckbox: { styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: 0 } } } },
    MuiRadio: { styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: 0 } } } },
    // A switch clips its thumb's box, so the whole switch carries the ring.
    MuiSwitch: {
      styleOverrides: {
        root: { '&:has(.Mui-focusVisible)': { ...focusRing, borderRadius: 20 } },
        switchBase: { '&.Mui-focusVisible': { outline: 'none' } },
      },
    },
    MuiLink: { styleOverrides: { root: { '&:focus-visible, &.Mui-focusVisible': focusRing } } },
    // A select is a button-like box: the ring around its outline, as on buttons. Text fields keep
    // their thick focused border (they show a caret too).
    MuiInputBase: {
      styleOverrides: {
        root: { '&:has(.MuiSelect-select:focus-visible)': focusRing },
        input: { '&::placeholder': { color: QUIET_TEXT, opacity: 1 } },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        // Hover, focus, error and disabled keep MUI's own colours (their rules are more specific).
        notchedOutline: { borderColor: INPUT_BORDER },
      },
    },
    // The reason a field is inactive is read like any other text (the disabled grey measured 2.67:1).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: QUIET_TEXT } } } },
    // On the dark header and on filled alerts the ring turns white.
    MuiAppBar: { styleOverrides: { root: { [FOCUS_RING_COLOR]: LIGHT_FOCUS_RING } } },
    MuiAlert: {
      styleOverrides: {
        root: {
          variants: [{ props: { variant: 'filled' }, style: { [FOCUS_RING_COLOR]: LIGHT_FOCUS_RING } }],
        },
      },
    },
    // Pop-ups belong to a landmark like the rest of the page. A menu's or select's popover is a
    // modal (scroll lock, the page hidden from screen readers), which needs the body as its
    // container, so it is a landmark itself; a popper (listboxes, tooltips) is drawn in main.
    MuiPopover: { defaultProps: { slotProps: { root: { role: 'region', 'aria-label': POP_UP_LABEL } } } },
    MuiPopper: { defaultProps: { container: () => document.querySelector('main') } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
    MuiTooltip: { defaultProps: { enterDelay: TIMINGS.tooltipDelayMs } },
  },
});
