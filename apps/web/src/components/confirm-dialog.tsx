import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { FormError } from './form-error.tsx';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The Cancel button's text, from the calling feature's namespace. */
  cancelLabel: string;
  /** The failure to show in the dialog (it stays open so the user reads it); null when none. */
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone by the same button (disable a user, revoke access, rotate a module key). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  error,
  pending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ mb: error ? 2 : 0 }}>
          {message}
        </DialogContentText>
        <FormError message={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {cancelLabel}
        </Button>
        <Button variant="contained" color="error" disabled={pending} onClick={onConfirm} sx={{ minHeight: 44 }}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
