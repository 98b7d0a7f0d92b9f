/** The app's look: calm neutrals, one deep blue for actions, system fonts (nothing to download). */
import { TIMINGS } from '@keystone/contract';
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1b3a6b', light: '#3d5f94', dark: '#0f2547', contrastText: '#ffffff' },
    secondary: { main: '#4a6fa5' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#1c2533', secondary: '#556070' },
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
    MuiTooltip: { defaultProps: { enterDelay: TIMINGS.tooltipDelayMs } },
  },
});
