import { createTheme } from '@mui/material/styles';

// Spec §1: a green accent. This shade keeps white button text above the WCAG AA contrast ratio.
export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d32' },
    // MUI's own info (#0288d1) and warning (#ed6c02) carry white text below 4.5:1 on a filled chip
    // (a live alert's severity); these shades keep it above (4.8:1 and 4.7:1).
    info: { main: '#0277bd' },
    warning: { main: '#b35c00' },
  },
  typography: {
    // System fonts: nothing to download before the login page can render.
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
