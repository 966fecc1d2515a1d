import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LiftImportPreview, LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import { paths } from '../../../app/paths.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { selectSeesEveryOrganisation, useOrganisationPermission } from '../../../lib/use-organisation-permission.ts';
import { ImportPreviewStep } from './import-preview-step.tsx';
import { ImportResultStep } from './import-result-step.tsx';
import { ImportUploadStep } from './import-upload-step.tsx';

type WizardState =
  { step: 'upload' } | { step: 'preview'; preview: LiftImportPreview } | { step: 'result'; result: LiftImportResult };

const steps = ['upload', 'preview', 'result'] as const;

const selectPickedOrganisation = (state: SessionState) => state.organisationId;
const selectOwnOrganisation = (state: SessionState) => state.user?.organisation_id ?? null;

/** /lifts/import: upload → preview → apply, for the administrators of an organisation. */
export function LiftImportPage() {
  const { t } = useTranslation('lift-spreadsheets');
  const allowed = useOrganisationPermission('lifts.manage');
  const everyOrganisation = useSession(selectSeesEveryOrganisation);
  const picked = useSession(selectPickedOrganisation);
  const own = useSession(selectOwnOrganisation);
  const [state, setState] = useState<WizardState>({ step: 'upload' });
  const again = () => setState({ step: 'upload' });

  return (
    <PageContainer>
      <Button component={RouterLink} to={paths.lifts} sx={{ mb: 1, ml: -1, minHeight: 44 }}>
        {t('import.back')}
      </Button>
      <PageTitle title={t('import.title')} />
      {!allowed ? (
        <Typography role="status">{t('import.noAccess')}</Typography>
      ) : (
        <>
          <Stepper activeStep={steps.indexOf(state.step)} alternativeLabel sx={{ mb: 3 }}>
            {steps.map((step) => (
              <Step key={step}>
                <StepLabel>{t(`import.steps.${step}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {state.step === 'upload' ? (
            <ImportUploadStep
              initialOrganisationId={everyOrganisation ? picked : own}
              onPreview={(preview) => setState({ step: 'preview', preview })}
            />
          ) : state.step === 'preview' ? (
            <ImportPreviewStep
              preview={state.preview}
              onApplied={(result) => setState({ step: 'result', result })}
              onAgain={again}
            />
          ) : (
            <ImportResultStep result={state.result} onAgain={again} />
          )}
        </>
      )}
    </PageContainer>
  );
}
