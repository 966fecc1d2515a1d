// The shared look of every error fallback: a title, an optional message and one action. Plain
// Box/Typography rather than MUI's Alert, which would add its icon set to the login page's load.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ErrorPanelProps {
  title: string;
  message?: ReactNode;
  actionLabel?: string;
  onAction?: (() => void) | undefined;
  minHeight?: number;
}

export function ErrorPanel({ title, message, actionLabel, onAction, minHeight }: ErrorPanelProps) {
  return (
    <Box
      role="alert"
      sx={{
        minHeight,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'flex-start',
        gap: 1,
        p: 2,
        border: 1,
        borderColor: 'error.light',
        borderRadius: 1,
        bgcolor: '#fdeded',
      }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, color: 'error.dark' }}>
        {title}
      </Typography>
      {message ? <Typography variant="body2">{message}</Typography> : null}
      {actionLabel && onAction ? (
        <Button variant="outlined" color="error" size="small" onClick={onAction}>
          {actionLabel}
        </Button>
      ) : null}
    </Box>
  );
}
