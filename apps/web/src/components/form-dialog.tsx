import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode, type SubmitEvent } from 'react';
import { FormError } from './form-error.tsx';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** The Cancel button's text, from the calling feature's namespace (common stays in the login bundle). */
  cancelLabel: string;
  /** The request is on its way: the submit button waits. */
  pending: boolean;
  /** What went wrong that no single field explains. */
  formError: string | null;
  children: ReactNode;
}

/**
 * The edit dialogs of the administration and onboarding pages: a titled form, its fields, a message
 * for the whole form, and Cancel / submit buttons with phone-size touch targets.
 */
export function FormDialog(props: FormDialogProps) {
  const { title, onClose, onSubmit, submitLabel, cancelLabel, pending, formError, children } = props;
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            <FormError message={formError} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} sx={{ minHeight: 44 }}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
