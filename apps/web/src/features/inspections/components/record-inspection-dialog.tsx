import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  defaultValidUntil,
  inspectionKinds,
  inspectionLimits,
  inspectionResults,
  recordInspectionFieldsSchema,
} from '@liftwacht/contracts/inspections';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { invalidFields, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { useKeyedSubmit } from '../../../lib/use-keyed-submit.ts';
import { recordInspection, type InspectionValues } from '../api/inspections.ts';

type Field = keyof InspectionValues | 'certificate';
const fields: readonly Field[] = ['inspectedOn', 'kind', 'result', 'findings', 'validUntil', 'certificate'];
const touchTarget = { minHeight: 44 };

interface RecordInspectionDialogProps {
  liftId: number;
  today: string;
  onClose: () => void;
}

/**
 * "Keuring vastleggen": date, kind, result, findings, valid until (pre-filled by the 18-month rule
 * until the inspector changes it) and the certificate PDF.
 */
export function RecordInspectionDialog({ liftId, today, onClose }: RecordInspectionDialogProps) {
  const { t } = useTranslation('inspections');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const fileId = useId();
  const [values, setValues] = useState<InspectionValues>(() => ({
    inspectedOn: today,
    kind: 'periodic_inspection',
    result: 'approved',
    findings: '',
    validUntil: defaultValidUntil(today, 'periodic_inspection', 'approved') ?? '',
  }));
  // Once the inspector types a date of their own, the rule no longer overwrites it.
  const [validUntilEdited, setValidUntilEdited] = useState(false);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // One Idempotency-Key per attempt: a double tap or a retry after a lost answer records once.
  const record = useKeyedSubmit(async (key) => {
    try {
      await recordInspection(liftId, values, certificate, key);
    } catch (error) {
      const byField = serverFieldErrors(error, fields);
      setErrors(byField);
      // A refusal no field explains (or a lost connection) stays on screen; submitting again
      // retries with the same key.
      if (Object.keys(byField).length === 0) setFormError(apiErrorMessage(error, tc));
      throw error;
    }
    // The lift's statuses, events and the dashboard figures follow a recorded inspection.
    await client.invalidateQueries({ queryKey: ['lifts'] });
    await client.invalidateQueries({ queryKey: ['dashboard'] });
  });

  const change = <K extends keyof InspectionValues>(name: K, value: InspectionValues[K]) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (!validUntilEdited && name !== 'validUntil') {
        next.validUntil = defaultValidUntil(next.inspectedOn, next.kind, next.result) ?? '';
      }
      return next;
    });
    // A changed form is another request: it gets a key of its own.
    record.renew();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const invalid = invalidFields(recordInspectionFieldsSchema.safeParse(values));
    const found: FieldErrors<Field> = {};
    for (const name of invalid) {
      if ((fields as readonly string[]).includes(name))
        found[name as Field] = t(`errors.${name as keyof InspectionValues}`);
    }
    if (certificate && certificate.size > inspectionLimits.certificateBytes)
      found.certificate = t('errors.certificateSize');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void record.run().then((outcome) => {
      if (outcome !== 'succeeded') return;
      toast.success(t('recorded'));
      onClose();
    });
  };

  const dateProps = { inputLabel: { shrink: true } };
  return (
    <FormDialog
      title={t('record.title')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('record.submit')}
      cancelLabel={t('record.cancel')}
      pending={record.isPending}
      formError={formError}
    >
      <TextField
        label={t('fields.inspectedOn')}
        name="inspectedOn"
        type="date"
        value={values.inspectedOn}
        onChange={(event) => change('inspectedOn', event.target.value)}
        error={errors.inspectedOn !== undefined}
        helperText={errors.inspectedOn}
        required
        fullWidth
        slotProps={dateProps}
      />
      <TextField
        select
        label={t('fields.kind')}
        name="kind"
        value={values.kind}
        onChange={(event) => change('kind', event.target.value as InspectionValues['kind'])}
        fullWidth
        slotProps={{ select: { SelectDisplayProps: { style: touchTarget } } }}
      >
        {inspectionKinds.map((kind) => (
          <MenuItem key={kind} value={kind} sx={touchTarget}>
            {t(`kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fields.result')}
        name="result"
        value={values.result}
        onChange={(event) => change('result', event.target.value as InspectionValues['result'])}
        fullWidth
      >
        {inspectionResults.map((result) => (
          <MenuItem key={result} value={result} sx={touchTarget}>
            {t(`results.${result}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('fields.findings')}
        name="findings"
        value={values.findings}
        onChange={(event) => change('findings', event.target.value)}
        error={errors.findings !== undefined}
        helperText={errors.findings ?? (values.result === 'rejected' ? t('record.findingsRequired') : undefined)}
        required={values.result === 'rejected'}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: inspectionLimits.findings } }}
      />
      <TextField
        label={t('fields.validUntil')}
        name="validUntil"
        type="date"
        value={values.validUntil}
        onChange={(event) => {
          setValidUntilEdited(true);
          change('validUntil', event.target.value);
        }}
        error={errors.validUntil !== undefined}
        helperText={errors.validUntil ?? t('record.validUntilHelp')}
        fullWidth
        slotProps={dateProps}
      />
      <div>
        <Typography component="label" htmlFor={fileId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
          {t('fields.certificate')}
        </Typography>
        <input
          id={fileId}
          type="file"
          name="certificate"
          accept="application/pdf,.pdf"
          onChange={(event) => {
            setCertificate(event.target.files?.[0] ?? null);
            record.renew();
          }}
          style={{ minHeight: 44, width: '100%' }}
        />
        {errors.certificate ? (
          <Typography role="alert" variant="body2" color="error">
            {errors.certificate}
          </Typography>
        ) : null}
      </div>
    </FormDialog>
  );
}
