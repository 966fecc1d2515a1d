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

interface ModuleKeyDialogProps {
  esNumber: string;
  /** `{es}.{secret}`: the server never shows it again. */
  moduleKey: string;
  onClose: () => void;
}

/** The key of a registration or rotation, shown this once, with a copy button and its header. */
export function ModuleKeyDialog({ esNumber, moduleKey, onClose }: ModuleKeyDialogProps) {
  const { t } = useTranslation('sense-modules');
  const titleId = useId();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(moduleKey);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Dialog
      open
      // A click beside the dialog must not lose the key: only the button closes it.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('key.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('key.once')}</Alert>
          <TextField
            label={t('key.label', { esNumber })}
            value={moduleKey}
            fullWidth
            multiline
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
          <Typography variant="body2">
            {t('key.header')}{' '}
            <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {t('key.headerName')}
            </Typography>
          </Typography>
          {copy ? (
            <Alert severity={copy === 'copied' ? 'success' : 'error'} role="status">
              {t(copy === 'copied' ? 'key.copied' : 'key.copyFailed')}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copyKey()} sx={{ minHeight: 44 }}>
          {t('key.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
          {t('key.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
