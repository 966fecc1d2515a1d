import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The failure to show in the dialog (it stays open so the user reads it); null when none. */
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone by the same button (disable a user, revoke access). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  error,
  pending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('administration');
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
          {t('form.cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={pending} onClick={onConfirm} sx={{ minHeight: 44 }}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
