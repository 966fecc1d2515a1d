import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  logbookEntryInputSchema,
  logbookTextMax,
  logTypes,
  type LogbookEntry,
  type LogType,
} from '@liftwacht/contracts/lifts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hasErrorCode, invalidFields, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { useKeyedSubmit } from '../../../lib/use-keyed-submit.ts';
import { useSaveLogbookEntry } from '../api/save-logbook-entry.ts';

type Field = 'logType' | 'at' | 'text';
const fields: readonly Field[] = ['logType', 'at', 'text'];
const touchTarget = { minHeight: 44 };

/** yyyy-MM-ddTHH:mm in the browser's time, as a datetime-local input shows it. */
function localInputValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface LogbookEntryDialogProps {
  liftId: number;
  /** The line to correct; without it, a new line. */
  entry?: LogbookEntry;
  onClose: () => void;
}

/** A new logbook line (type, moment, text), or its author's correction within 24 hours. */
export function LogbookEntryDialog({ liftId, entry, onClose }: LogbookEntryDialogProps) {
  const { t } = useTranslation('lifts');
  const { t: tc } = useTranslation();
  const save = useSaveLogbookEntry(liftId);
  const [logType, setLogType] = useState<LogType>(entry?.logType ?? 'check');
  const [at, setAt] = useState(() => localInputValue(entry?.at ?? new Date().toISOString()));
  const [text, setText] = useState(entry?.text ?? '');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const body = () => ({ logType, at: Number.isNaN(Date.parse(at)) ? at : new Date(at).toISOString(), text });

  // One Idempotency-Key per attempt: a double tap or a retry after a lost answer writes one line.
  const action = useKeyedSubmit(async (key) => {
    try {
      await save(body(), key, entry?.id);
    } catch (error) {
      const byField = serverFieldErrors(error, fields);
      setErrors(byField);
      // A failed submit stays on screen; submitting again retries with the same key.
      if (Object.keys(byField).length === 0) {
        setFormError(
          hasErrorCode(error, 'correction_window_closed') ? t('logbook.windowClosed') : apiErrorMessage(error, tc),
        );
      }
      throw error;
    }
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const invalid = invalidFields(logbookEntryInputSchema.safeParse(body()));
    const found: FieldErrors<Field> = {};
    for (const name of fields) if (invalid.has(name)) found[name] = t(`logbook.errors.${name}`);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void action.run().then((outcome) => {
      if (outcome !== 'succeeded') return;
      toast.success(t(entry ? 'logbook.corrected' : 'logbook.added'));
      onClose();
    });
  };

  return (
    <FormDialog
      title={t(entry ? 'logbook.editTitle' : 'logbook.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('logbook.save')}
      cancelLabel={t('logbook.cancel')}
      pending={action.isPending}
      formError={formError}
    >
      <TextField
        select
        label={t('logbook.type')}
        name="logType"
        value={logType}
        onChange={(event) => {
          setLogType(event.target.value as LogType);
          // A changed form is another request: it gets a key of its own.
          action.renew();
        }}
        fullWidth
      >
        {logTypes.map((type) => (
          <MenuItem key={type} value={type} sx={touchTarget}>
            {t(`logbook.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('logbook.at')}
        name="at"
        type="datetime-local"
        value={at}
        onChange={(event) => {
          setAt(event.target.value);
          action.renew();
        }}
        error={errors.at !== undefined}
        helperText={errors.at}
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('logbook.text')}
        name="text"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          action.renew();
        }}
        error={errors.text !== undefined}
        helperText={errors.text}
        required
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: logbookTextMax } }}
      />
    </FormDialog>
  );
}
