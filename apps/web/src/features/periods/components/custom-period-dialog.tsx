import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { periodProblem } from '@liftwacht/contracts/periods';

interface CustomPeriodDialogProps {
  /** The range the form starts from (the period shown now). */
  initialFrom: string;
  initialTo: string;
  onApply: (from: string, to: string) => void;
  onClose: () => void;
}

type FormError = 'required' | 'order' | 'range' | 'tooLong' | null;

/**
 * The server's bounds (issue 15), checked with the contract's own rule so a period the server
 * refuses never reaches it. A date input holds either a real day or nothing, so "invalid" means a
 * date is missing.
 */
function problemOf(from: string, to: string): FormError {
  const problem = periodProblem(from, to);
  return problem === 'invalid' ? 'required' : problem;
}

/** The custom period: a from/to date form. Mounted only while open, so it starts fresh each time. */
export function CustomPeriodDialog({ initialFrom, initialTo, onApply, onClose }: CustomPeriodDialogProps) {
  const { t } = useTranslation('periods');
  const titleId = useId();
  const errorId = useId();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [error, setError] = useState<FormError>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = problemOf(from, to);
    setError(problem);
    if (problem) return;
    onApply(from, to);
    onClose();
  };

  // error on the TextField marks the input aria-invalid; the message below describes both dates.
  const invalid = error !== null;
  const describedBy = invalid ? { 'aria-describedby': errorId } : {};

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('custom.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            type="date"
            label={t('custom.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={invalid}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: describedBy }}
            required
          />
          <TextField
            type="date"
            label={t('custom.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={invalid}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: describedBy }}
            required
          />
          {error ? (
            <Box id={errorId} role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
              {t(`custom.${error}`)}
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('custom.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('custom.apply')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
