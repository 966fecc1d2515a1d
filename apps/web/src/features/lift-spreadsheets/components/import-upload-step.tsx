import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { liftImportLimits, type LiftImportPreview } from '@liftwacht/contracts/lift-spreadsheets';
import { OrganisationChoice } from '../../../components/organisation-choice.tsx';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { uploadLiftImport } from '../api/lift-imports.ts';
import { maxMegabytes, uploadProblem } from '../lib/import-problems.ts';
import { ImportFileField } from './import-file-field.tsx';
import { TemplateDownloads } from './template-downloads.tsx';

interface ImportUploadStepProps {
  initialOrganisationId: number | null;
  onPreview: (preview: LiftImportPreview) => void;
}

/** Step 1: the organisation, the template and the file; the upload answers with the preview. */
export function ImportUploadStep({ initialOrganisationId, onPreview }: ImportUploadStepProps) {
  const { t } = useTranslation('lift-spreadsheets');
  const { t: tc } = useTranslation();
  const [organisationId, setOrganisationId] = useState(initialOrganisationId);
  const [file, setFile] = useState<File | null>(null);
  const [organisationError, setOrganisationError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | null>(null);

  const upload = useAsyncAction(async (chosen: File, organisation: number) => {
    try {
      onPreview(await uploadLiftImport(chosen, organisation));
    } catch (error) {
      setFileError(uploadProblem(error, t, tc));
    }
  });

  const choose = (chosen: File) => {
    setFile(chosen);
    // Refused here already: 20 MB would only travel to be refused.
    setFileError(chosen.size > liftImportLimits.maxBytes ? t('import.errors.tooLarge', { mb: maxMegabytes }) : null);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOrganisationError(organisationId === null ? t('import.errors.chooseOrganisation') : undefined);
    if (file === null) setFileError(t('import.errors.chooseFile'));
    if (organisationId === null || file === null || file.size > liftImportLimits.maxBytes) return;
    void upload.run(file, organisationId);
  };

  return (
    <Stack spacing={3}>
      <Typography>{t('import.intro')}</Typography>
      <TemplateDownloads />
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <OrganisationChoice
          value={organisationId}
          onChange={setOrganisationId}
          error={organisationError}
          label={t('import.organisation')}
          emptyLabel={t('import.chooseOrganisation')}
          ownText={(name) => t('import.ownOrganisation', { name })}
        />
        <ImportFileField file={file} onFile={choose} error={fileError} />
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={upload.isPending}
            startIcon={upload.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
            sx={{ minHeight: 44 }}
          >
            {upload.isPending ? t('import.file.uploading') : t('import.file.upload')}
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}
