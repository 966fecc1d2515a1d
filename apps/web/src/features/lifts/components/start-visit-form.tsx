import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { recordableVisitTypes, visitRoles, type StartVisitBody, type VisitRole } from '@liftwacht/contracts/visits';
import { FormError } from '../../../components/form-error.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useKeyedSubmit } from '../../../lib/use-keyed-submit.ts';

type StartType = StartVisitBody['type'];

interface StartVisitFormProps {
  onStart: (body: StartVisitBody, key: string) => Promise<unknown>;
  onClose: () => void;
}

/** "Start a visit": type and role, then the start; a failed start stays here with a retry. */
export function StartVisitForm({ onStart, onClose }: StartVisitFormProps) {
  const { t } = useTranslation('lifts');
  const { t: tc } = useTranslation();
  const [type, setType] = useState<StartType>('maintenance');
  const [role, setRole] = useState<VisitRole>('mechanic');
  const submit = useKeyedSubmit((key) => onStart({ type, role }, key));

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit.run().then((outcome) => {
      if (outcome === 'succeeded') onClose();
    });
  };
  const failed = submit.error !== null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('recording.startTitle')}>
      <Stack spacing={2}>
        <SelectField
          label={t('visits.type')}
          name="type"
          size="medium"
          fullWidth
          value={type}
          options={recordableVisitTypes.map((value) => ({ value, label: t(`visits.types.${value}`) }))}
          onChange={(value) => {
            setType(value as StartType);
            submit.renew();
          }}
        />
        <SelectField
          label={t('visits.role')}
          name="role"
          size="medium"
          fullWidth
          value={role}
          options={visitRoles.map((value) => ({ value, label: t(`visits.roles.${value}`) }))}
          onChange={(value) => {
            setRole(value as VisitRole);
            submit.renew();
          }}
        />
        <FormError message={failed ? t('recording.failed', { message: apiErrorMessage(submit.error, tc) }) : null} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            {t('recording.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={submit.isPending} sx={{ minHeight: 44 }}>
            {failed ? t('recording.retry') : t('recording.start')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
