import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useLinkModule } from '../api/link-module.ts';
import type { LiftOption } from '../lib/lift-option.ts';
import { moduleConflict } from '../lib/module-conflict.ts';
import { ModuleLiftField } from './module-lift-field.tsx';

interface LinkModuleDialogProps {
  /** The module as the page shows it now; a refresh after a conflict brings the new version. */
  module: SenseModuleDetail;
  onClose: () => void;
}

/** Fits the module in a lift, or moves it from its current lift to another one. */
export function LinkModuleDialog({ module, onClose }: LinkModuleDialogProps) {
  const { t } = useTranslation('sense-modules');
  const { t: tc } = useTranslation();
  const link = useLinkModule(module.id);
  const [lift, setLift] = useState<LiftOption | null>(null);
  const [liftError, setLiftError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const moving = module.lift !== null;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setStale(false);
    if (lift === null || lift.id === module.lift?.id) {
      setLiftError(lift === null ? t('link.liftRequired') : t('link.sameLift'));
      return;
    }
    setLiftError(null);
    const sent = { liftId: lift.id, version: module.version };
    link.mutate(sent, {
      onSuccess: (saved) => {
        toast.success(t('link.linked', { esNumber: saved.esNumber, lift: saved.lift?.name ?? lift.name }));
        onClose();
      },
      onError: (error) => {
        const conflict = moduleConflict(error);
        if (conflict === 'stale') setStale(true);
        else if (conflict === 'liftRefused') setLiftError(t('conflict.liftRefused'));
        else setFormError(t('form.failed', { message: apiErrorMessage(error, tc) }));
      },
    });
  };

  return (
    <FormDialog
      title={moving ? t('link.moveTitle') : t('link.title')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={moving ? t('link.moveSubmit') : t('link.submit')}
      cancelLabel={t('form.cancel')}
      pending={link.isPending}
      formError={formError}
    >
      {stale ? <Alert severity="warning">{t('conflict.stale')}</Alert> : null}
      {module.lift ? <Typography>{t('link.moveIntro', { lift: module.lift.name })}</Typography> : null}
      <ModuleLiftField
        label={t('link.lift')}
        value={lift}
        onChange={setLift}
        error={liftError !== null}
        helperText={liftError ?? t('register.liftHelp')}
        autoFocus
      />
    </FormDialog>
  );
}
