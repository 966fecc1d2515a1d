import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { liftSearchTextFields } from '@liftwacht/contracts/lifts';
import { liftStatusSchema, type LiftStatus } from '@liftwacht/contracts/dashboard';
import { FormError } from '../../../components/form-error.tsx';
import {
  datesOutOfRange,
  emptyForm,
  formProblems,
  toCriteria,
  toForm,
  type AdvancedForm,
  type DateField,
  type FormProblem,
  type LiftCriteria,
  type TriState,
} from '../lib/advanced-criteria.ts';

/** Client-light users may only search on the statuses their dashboard shows (the server says 403 otherwise). */
const restrictedStatuses: readonly LiftStatus[] = ['intercomUnavailable', 'senseNotConnected'];

interface AdvancedSearchPanelProps {
  /** The active criteria, so the form opens as the user left it. */
  initial: LiftCriteria | null;
  restricted: boolean;
  onSearch: (criteria: LiftCriteria) => void;
  onCancel: () => void;
}

/** Any combination of the contract's criteria (AND): texts, equipment, statuses and ranges. */
export function AdvancedSearchPanel({ initial, restricted, onSearch, onCancel }: AdvancedSearchPanelProps) {
  const { t } = useTranslation('lifts');
  const titleId = useId();
  const [form, setForm] = useState<AdvancedForm>(() => (initial ? toForm(initial) : emptyForm()));
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [badDates, setBadDates] = useState<DateField[]>([]);
  const statuses = restricted ? restrictedStatuses : liftStatusSchema.options;
  const set = (patch: Partial<AdvancedForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = () => {
    const found = formProblems(form);
    const outOfRange = datesOutOfRange(form);
    setProblems(found);
    setBadDates(outOfRange);
    if (found.length === 0 && outOfRange.length === 0) onSearch(toCriteria(form));
  };

  const triField = (field: 'hasFlow' | 'hasIntercom' | 'hasModule') => (
    <TextField
      select
      fullWidth
      size="small"
      label={t(`advanced.${field}`)}
      value={form[field]}
      onChange={(event) => set({ [field]: event.target.value as TriState })}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('advanced.tri.any')}</option>
      <option value="yes">{t('advanced.tri.yes')}</option>
      <option value="no">{t('advanced.tri.no')}</option>
    </TextField>
  );

  const dateField = (field: DateField) => (
    <TextField
      type="date"
      fullWidth
      size="small"
      label={t(`advanced.${field}`)}
      value={form[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      error={badDates.includes(field)}
      helperText={badDates.includes(field) ? t('advanced.dateRange') : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  const dayField = (field: 'intervalMin' | 'intervalMax') => (
    <TextField
      type="number"
      fullWidth
      size="small"
      label={t(`advanced.${field}`)}
      value={form[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      slotProps={{ htmlInput: { min: 0, max: 36500, step: 1 }, inputLabel: { shrink: true } }}
    />
  );

  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ p: 2, mb: 2 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('advanced.title')}
      </Typography>
      <Stack spacing={3}>
        <Section title={t('advanced.sections.text')}>
          <Grid container spacing={2}>
            {liftSearchTextFields.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <TextField
                  fullWidth
                  size="small"
                  label={t(`advanced.fields.${field}`)}
                  value={form.text[field]}
                  onChange={(event) => set({ text: { ...form.text, [field]: event.target.value } })}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              </Grid>
            ))}
          </Grid>
        </Section>
        <Section title={t('advanced.sections.features')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>{triField('hasFlow')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{triField('hasIntercom')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{triField('hasModule')}</Grid>
          </Grid>
        </Section>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('advanced.sections.statuses')}</FormLabel>
          <FormGroup row>
            {statuses.map((status) => (
              <FormControlLabel
                key={status}
                control={
                  <Checkbox
                    checked={form.statuses.includes(status)}
                    onChange={(event) =>
                      set({
                        statuses: event.target.checked
                          ? [...form.statuses, status]
                          : form.statuses.filter((chosen) => chosen !== status),
                      })
                    }
                  />
                }
                label={t(`statuses.${status}`)}
              />
            ))}
          </FormGroup>
          <FormLabel component="p" sx={{ mt: 1 }} id={`${titleId}-match`}>
            {t('advanced.statusMatch.label')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${titleId}-match`}
            value={form.statusMatch}
            onChange={(event) => set({ statusMatch: event.target.value === 'all' ? 'all' : 'any' })}
          >
            <FormControlLabel value="any" control={<Radio />} label={t('advanced.statusMatch.any')} />
            <FormControlLabel value="all" control={<Radio />} label={t('advanced.statusMatch.all')} />
          </RadioGroup>
        </FormControl>
        <Section title={t('advanced.sections.ranges')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>{dateField('commissionedFrom')}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>{dateField('commissionedTo')}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>{dateField('validFrom')}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>{dateField('validTo')}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>{dayField('intervalMin')}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>{dayField('intervalMax')}</Grid>
          </Grid>
        </Section>
        {problems.map((problem) => (
          <FormError key={problem} message={t(`advanced.problems.${problem}`)} />
        ))}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained">
            {t('advanced.submit')}
          </Button>
          <Button
            onClick={() => {
              setForm(emptyForm());
              setProblems([]);
              setBadDates([]);
            }}
          >
            {t('advanced.reset')}
          </Button>
          <Button onClick={onCancel}>{t('advanced.cancel')}</Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
