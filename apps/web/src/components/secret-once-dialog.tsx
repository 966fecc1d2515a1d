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

/** The texts of a secret's dialog, translated by the caller's namespace. */
export interface SecretOnceTexts {
  title: string;
  /** That the server never shows it again. */
  once: string;
  label: string;
  /** Where the secret goes ("Send it in the header"), and the header's name. */
  header: string;
  headerName: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret shown this once (a module key, a webhook secret): read-only and selectable, with a copy
 * button and the header it belongs in. Only the button closes it: a click beside the dialog must
 * not lose the secret.
 */
export function SecretOnceDialog({
  secret,
  texts,
  onClose,
}: {
  secret: string;
  texts: SecretOnceTexts;
  onClose: () => void;
}) {
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
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{texts.once}</Alert>
          <TextField
            label={texts.label}
            value={secret}
            fullWidth
            multiline
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
          <Typography variant="body2">
            {texts.header}{' '}
            <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {texts.headerName}
            </Typography>
          </Typography>
          {copy ? (
            <Alert severity={copy === 'copied' ? 'success' : 'error'} role="status">
              {copy === 'copied' ? texts.copied : texts.copyFailed}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copySecret()} sx={{ minHeight: 44 }}>
          {texts.copy}
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
