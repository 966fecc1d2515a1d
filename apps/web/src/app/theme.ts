import { createTheme } from '@mui/material/styles';

// Spec §1: a green accent. This shade keeps white button text above the WCAG AA contrast ratio.
export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d32' },
  },
  typography: {
    // System fonts: nothing to download before the login page can render.
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
