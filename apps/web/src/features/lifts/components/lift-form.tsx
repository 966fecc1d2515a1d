import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { liftFieldNames, type LiftField, type LiftFields } from '@liftwacht/contracts/lift-editing';
import { liftSchema, type Lift } from '@liftwacht/contracts/lifts';
import { paths } from '../../../app/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { OrganisationChoice } from '../../../components/organisation-choice.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import {
  conflictCurrent,
  hasErrorCode,
  invalidFields,
  serverFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { useSaveLift } from '../api/save-lift.ts';
import { liftFieldProblem } from '../lib/lift-field-problem.ts';
import { checkLiftForm, emptyLiftForm, liftChanges, liftFormValues, type LiftFormValues } from '../lib/lift-form.ts';
import { LiftFormFields } from './lift-form-fields.tsx';

type FormField = LiftField | 'organisationId';

interface LiftFormProps {
  /** null creates a new lift. */
  lift: Lift | null;
  /** The organisation a new lift starts in. */
  initialOrganisationId: number | null;
}

/** Creates a lift, or edits one from the version it was opened at; afterwards the lift page opens. */
export function LiftForm({ lift, initialOrganisationId }: LiftFormProps) {
  const { t } = useTranslation('lifts');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { create, update } = useSaveLift();
  const [values, setValues] = useState<LiftFormValues>(() => (lift ? liftFormValues(lift) : emptyLiftForm()));
  const [organisationId, setOrganisationId] = useState(initialOrganisationId);
  // What the edit is based on; a conflict moves it to the server's current lift.
  const [base, setBase] = useState(lift);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const change = (patch: Partial<LiftFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const saved = (result: Lift, message: 'form.created' | 'form.saved') => {
    toast.success(t(message, { name: result.details.liftname ?? '' }));
    void navigate(paths.lift(result.id));
  };

  const failed = (error: unknown) => {
    const current = conflictCurrent(error, liftSchema);
    if (current) {
      setBase(current);
      setValues(liftFormValues(current));
      setConflict(true);
      return;
    }
    // An owner number names one lift within its organisation (the import matches rows by it).
    if (hasErrorCode(error, 'conflict') && isApiError(error) && error.field === 'ownerNumber') {
      setErrors({ ownerNumber: t('form.ownerNumberTaken') });
      setFormError(t('form.checkFields'));
      return;
    }
    const refused = serverFieldErrors<FormField>(error, [...liftFieldNames, 'organisationId']);
    if (Object.keys(refused).length > 0) {
      const shown: FieldErrors<FormField> = {};
      for (const [field, message] of Object.entries(refused) as [FormField, string][]) {
        shown[field] = t('form.invalidField', { message });
      }
      setErrors(shown);
      setFormError(t('form.checkFields'));
      return;
    }
    setFormError(
      hasErrorCode(error, 'forbidden')
        ? t('form.forbidden')
        : t('form.failed', { message: apiErrorMessage(error, tc) }),
    );
  };

  const save = useAsyncAction(async (request: () => Promise<Lift>, message: 'form.created' | 'form.saved') => {
    try {
      saved(await request(), message);
    } catch (error) {
      failed(error);
    }
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setConflict(false);
    const checked = checkLiftForm(values);
    const invalid = invalidFields(checked);
    const next: FieldErrors<FormField> = {};
    for (const field of liftFieldNames) if (invalid.has(field)) next[field] = liftFieldProblem(field, t);
    if (base === null && organisationId === null) next.organisationId = t('form.errors.organisationId');
    setErrors(next);
    if (!checked.success || Object.keys(next).length > 0) {
      setFormError(t('form.checkFields'));
      return;
    }
    const fields: LiftFields = checked.data;
    if (base === null) {
      void save.run(() => create({ ...fields, organisationId: organisationId ?? 0 }), 'form.created');
      return;
    }
    const body = liftChanges(base, fields);
    if (Object.keys(body).length === 1) {
      toast.info(t('form.noChanges'));
      void navigate(paths.lift(base.id));
      return;
    }
    void save.run(() => update(base.id, body), 'form.saved');
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={lift ? t('form.editTitle', { name: lift.details.liftname ?? '' }) : t('form.newTitle')}
    >
      <Stack spacing={3}>
        {conflict ? (
          <Alert severity="warning" role="alert">
            {t('form.conflict')}
          </Alert>
        ) : null}
        {base === null ? (
          <OrganisationChoice
            value={organisationId}
            onChange={setOrganisationId}
            error={errors.organisationId}
            label={t('form.organisation')}
            emptyLabel={t('form.chooseOrganisation')}
            ownText={(name) => t('form.ownOrganisation', { name })}
          />
        ) : null}
        <LiftFormFields values={values} errors={errors} onChange={change} />
        <FormError message={formError} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
            {t('form.save')}
          </Button>
          <Button component={RouterLink} to={base ? paths.lift(base.id) : paths.lifts} sx={{ minHeight: 44 }}>
            {t('form.cancel')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
