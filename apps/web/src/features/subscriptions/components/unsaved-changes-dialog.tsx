import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export function UnsavedChangesDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="unsaved-title" aria-describedby="unsaved-message">
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-message">{t('unsaved.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="error">
          {t('unsaved.leave')}
        </Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          {t('unsaved.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
