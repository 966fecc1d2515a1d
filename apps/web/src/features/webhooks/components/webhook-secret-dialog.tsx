import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface WebhookSecretDialogProps {
  url: string;
  /** `whsec_…`: the server never shows it again. */
  secret: string;
  onClose: () => void;
}

/** The secret of a registration or renewal, shown this once, with a copy button. */
export function WebhookSecretDialog({ url, secret, onClose }: WebhookSecretDialogProps) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Dialog
      open
      // A click beside the dialog must not lose the secret: only the button closes it.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('secret.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('secret.once')}</Alert>
          <TextField
            label={t('secret.label', { url })}
            value={secret}
            fullWidth
            multiline
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
          <Typography variant="body2">
            {t('secret.header')}{' '}
            <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {t('secret.headerName')}
            </Typography>
          </Typography>
          {copy ? (
            <Alert severity={copy === 'copied' ? 'success' : 'error'} role="status">
              {t(copy === 'copied' ? 'secret.copied' : 'secret.copyFailed')}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copySecret()} sx={{ minHeight: 44 }}>
          {t('secret.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
