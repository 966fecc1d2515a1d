// The shared look of every error fallback: a title, an optional message and one action.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface ErrorPanelProps {
  title: string;
  message?: ReactNode;
  actionLabel?: string;
  onAction?: () => void;
  minHeight?: number;
}

export function ErrorPanel({ title, message, actionLabel, onAction, minHeight }: ErrorPanelProps) {
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ minHeight, alignItems: minHeight === undefined ? undefined : 'center' }}
      action={
        actionLabel && onAction ? (
          <Button color="inherit" size="small" onClick={onAction}>
            {actionLabel}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
