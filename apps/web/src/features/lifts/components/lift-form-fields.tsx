import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { firstDate, lastDate } from '@liftwacht/contracts/periods';
import { liftFieldLabels, liftFieldLimits, type LiftField } from '@liftwacht/contracts/lift-editing';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import type { LiftFormValues, LiftTextField } from '../lib/lift-form.ts';

interface LiftFormFieldsProps {
  values: LiftFormValues;
  errors: FieldErrors<LiftField>;
  onChange: (patch: Partial<LiftFormValues>) => void;
}

/** The lift page's labels, from the contract's one list that the spreadsheets use too. */
const labelKeys = Object.fromEntries(
  Object.entries(liftFieldLabels).map(([field, label]) => [field, label.labelKey]),
) as { [F in LiftField]: (typeof liftFieldLabels)[F]['labelKey'] };

const locationFields = ['name', 'address', 'postalCode', 'city', 'buildingName'] as const;
const numberFields = [
  'sbclId',
  'serialNumber',
  'ownerNumber',
  'inspectionNumber',
  'installerNumber',
  'telephoneNumber',
  'manufacturerNumber',
] as const;

function maxLengthOf(field: LiftTextField): number {
  if (field === 'name' || field === 'address' || field === 'postalCode') return liftFieldLimits[field];
  return liftFieldLimits.line;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </section>
  );
}

/** Every field of the lift, in the sections of the lift page; one column on a phone. */
export function LiftFormFields({ values, errors, onChange }: LiftFormFieldsProps) {
  const { t } = useTranslation('lifts');
  const flowHelpId = useId();

  const text = (field: LiftTextField, extra: { help?: string; type?: string } = {}) => (
    <Grid key={field} size={{ xs: 12, sm: 6 }}>
      <TextField
        label={t(labelKeys[field])}
        name={field}
        type={extra.type ?? 'text'}
        value={values[field]}
        onChange={(event) => onChange({ [field]: event.target.value })}
        error={errors[field] !== undefined}
        helperText={errors[field] ?? extra.help}
        required={field === 'name' || field === 'address'}
        fullWidth
        slotProps={{ htmlInput: { maxLength: maxLengthOf(field) } }}
      />
    </Grid>
  );

  const number = (field: 'maintenanceIntervalDays' | 'serviceRideThreshold', label: string, help?: string) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        label={label}
        name={field}
        type="number"
        value={values[field]}
        onChange={(event) => onChange({ [field]: event.target.value })}
        error={errors[field] !== undefined}
        helperText={errors[field] ?? help}
        required
        fullWidth
        slotProps={{ htmlInput: { ...liftFieldLimits[field], step: 1, inputMode: 'numeric' } }}
      />
    </Grid>
  );

  return (
    <>
      <Section title={t('form.sections.location')}>{locationFields.map((field) => text(field))}</Section>
      <Section title={t('form.sections.numbers')}>
        {numberFields.map((field) => text(field, field === 'telephoneNumber' ? { type: 'tel' } : {}))}
      </Section>
      <Section title={t('form.sections.installation')}>
        {text('liftType', { help: t('form.liftTypeHelp') })}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormControlLabel
            control={
              <Switch
                name="hasFlow"
                checked={values.hasFlow}
                onChange={(event) => onChange({ hasFlow: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': flowHelpId } }}
              />
            }
            label={t(labelKeys.hasFlow)}
            sx={{ minHeight: 44 }}
          />
          <FormHelperText id={flowHelpId}>{t('form.hasFlowHelp')}</FormHelperText>
        </Grid>
        {number('maintenanceIntervalDays', t(labelKeys.maintenanceIntervalDays), t('form.maintenanceIntervalHelp'))}
        {number('serviceRideThreshold', t(labelKeys.serviceRideThreshold))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t(labelKeys.commissionedOn)}
            name="commissionedOn"
            type="date"
            value={values.commissionedOn}
            onChange={(event) => onChange({ commissionedOn: event.target.value })}
            error={errors.commissionedOn !== undefined}
            helperText={errors.commissionedOn ?? t('form.commissionedOnHelp')}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: firstDate, max: lastDate } }}
          />
        </Grid>
      </Section>
    </>
  );
}
