import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import {
  webhookEndpointSchema,
  webhookKinds,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@liftwacht/contracts/webhooks';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { conflictCurrent, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhook-mutations.ts';
import {
  createBody,
  emptyWebhookForm,
  formOf,
  toggleKind,
  updateBody,
  type WebhookField,
  type WebhookFormValues,
} from '../lib/webhook-form.ts';

const fields: readonly WebhookField[] = ['url', 'description', 'kinds', 'organisationId'];

type WebhookFormDialogProps =
  | { mode: 'create'; onClose: () => void; onCreated: (answer: WebhookWithSecret) => void }
  | { mode: 'edit'; endpoint: WebhookEndpoint; onClose: () => void };

/** Registers a webhook (a system-admin picks the organisation) or changes one. */
export function WebhookFormDialog(props: WebhookFormDialogProps) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook(props.mode === 'edit' ? props.endpoint.id : 0);
  const everyOrganisation = useSession((state) => seesEveryOrganisation(state.user?.roles.map((r) => r.name) ?? []));
  const organisations = useSession((state) => state.organisationList);
  const chooseOrganisation = props.mode === 'create' && everyOrganisation;
  const [values, setValues] = useState<WebhookFormValues>(
    props.mode === 'edit' ? formOf(props.endpoint) : emptyWebhookForm,
  );
  const [version, setVersion] = useState(props.mode === 'edit' ? props.endpoint.version : 0);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<WebhookField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (change: Partial<WebhookFormValues>) => setValues((current) => ({ ...current, ...change }));

  const localErrors = (invalid: Set<WebhookField>): FieldErrors<WebhookField> => {
    const errors: FieldErrors<WebhookField> = {};
    if (invalid.has('url')) errors.url = t('form.urlError');
    if (invalid.has('description')) errors.description = t('form.descriptionError');
    if (invalid.has('kinds')) errors.kinds = t('form.kindsError');
    if (invalid.has('organisationId')) errors.organisationId = t('form.organisationError');
    return errors;
  };

  const failed = (error: unknown) => {
    const current = conflictCurrent(error, webhookEndpointSchema);
    if (current) {
      setValues(formOf(current));
      setVersion(current.version);
      setFormError(t('form.conflict'));
      return;
    }
    const server = serverFieldErrors(error, fields);
    if (Object.keys(server).length > 0) {
      setFieldErrors(
        Object.fromEntries(
          Object.entries(server).map(([field, message]) => [field, t('form.invalidField', { message })]),
        ),
      );
      return;
    }
    setFormError(t('form.failed', { message: apiErrorMessage(error, tc) }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (props.mode === 'create') {
      const checked = createBody(values, chooseOrganisation);
      setFieldErrors(checked.ok ? {} : localErrors(checked.invalid));
      if (checked.ok) create.mutate(checked.body, { onSuccess: props.onCreated, onError: failed });
    } else {
      const checked = updateBody(values, version);
      setFieldErrors(checked.ok ? {} : localErrors(checked.invalid));
      if (checked.ok) update.mutate(checked.body, { onSuccess: props.onClose, onError: failed });
    }
  };

  return (
    <FormDialog
      title={t(props.mode === 'create' ? 'form.createTitle' : 'form.editTitle')}
      onClose={props.onClose}
      onSubmit={submit}
      submitLabel={t(props.mode === 'create' ? 'form.submitCreate' : 'form.submitEdit')}
      cancelLabel={t('form.cancel')}
      pending={create.isPending || update.isPending}
      formError={formError}
    >
      {chooseOrganisation ? (
        <SelectField
          label={t('form.organisation')}
          name="organisationId"
          value={values.organisationId}
          emptyLabel={t('form.organisationChoose')}
          options={organisations.map((organisation) => ({ value: String(organisation.id), label: organisation.name }))}
          onChange={(organisationId) => set({ organisationId })}
          error={fieldErrors.organisationId !== undefined}
          helperText={fieldErrors.organisationId}
          fullWidth
        />
      ) : null}
      <TextField
        label={t('form.url')}
        name="url"
        type="url"
        value={values.url}
        onChange={(event) => set({ url: event.target.value })}
        error={fieldErrors.url !== undefined}
        helperText={fieldErrors.url ?? t('form.urlHelp')}
        required
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000, spellCheck: false } }}
      />
      <TextField
        label={t('form.description')}
        name="description"
        value={values.description}
        onChange={(event) => set({ description: event.target.value })}
        error={fieldErrors.description !== undefined}
        helperText={fieldErrors.description}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormControl component="fieldset" error={fieldErrors.kinds !== undefined}>
        <FormLabel component="legend">{t('form.kinds')}</FormLabel>
        <FormGroup>
          {webhookKinds.map((kind) => (
            <FormControlLabel
              key={kind}
              control={
                <Checkbox
                  checked={values.kinds.includes(kind)}
                  onChange={(event) => set({ kinds: toggleKind(values.kinds, kind, event.target.checked) })}
                />
              }
              label={t(`kinds.${kind}`)}
            />
          ))}
        </FormGroup>
        {fieldErrors.kinds ? <FormHelperText>{fieldErrors.kinds}</FormHelperText> : null}
      </FormControl>
      <FormControlLabel
        control={<Switch checked={values.enabled} onChange={(event) => set({ enabled: event.target.checked })} />}
        label={t('form.enabled')}
      />
    </FormDialog>
  );
}
