import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  reportLanguages,
  savedReportFileName,
  type ReportLanguage,
  type SavedReport,
} from '@liftwacht/contracts/reports';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { PeriodSelector } from '../../periods/components/period-selector.tsx';
import { useReportFromLink } from '../hooks/use-report-from-link.ts';
import { useShownReport } from '../hooks/use-shown-report.ts';
import { createSavedReport, fetchSavedReportPdf, savedReportsQueryKey } from '../api/saved-reports.ts';
import { reportDay, reportLanguageOf } from '../lib/report-dates.ts';
import { ReportDeliveriesPanel } from './report-deliveries-panel.tsx';
import { ReportPreview } from './report-preview.tsx';
import { SavedReportsList } from './saved-reports-list.tsx';

const selectOrganisations = (state: SessionState) => state.organisationList;
const selectOrganisationId = (state: SessionState) => state.organisationId;
const selectStart = (state: SessionState) => state.startDate;
const selectEnd = (state: SessionState) => state.endDate;

/** Spec §2 /organisation-report: compose, preview, download and fetch again an organisation report. */
export function OrganisationReportPage() {
  const { t } = useTranslation('reports');
  const allowed = usePermission('reports.download');
  return (
    <PageContainer>
      <PageTitle title={t('organisation.title')} />
      {allowed ? <ReportWorkspace /> : <Typography role="status">{t('organisation.noAccess')}</Typography>}
    </PageContainer>
  );
}

function ReportWorkspace() {
  const { t, i18n } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const administrator = usePermission('audit.view');
  const queryClient = useQueryClient();
  const organisations = useSession(selectOrganisations);
  const sessionOrganisationId = useSession(selectOrganisationId);
  const from = useSession(selectStart);
  const to = useSession(selectEnd);
  const [chosenOrganisation, setChosenOrganisation] = useState<number | null>(null);
  const organisationId = chosenOrganisation ?? sessionOrganisationId;
  const [language, setLanguage] = useState<ReportLanguage>(() => reportLanguageOf(i18n.language));
  const [shown, show] = useShownReport();

  const build = useMutation({
    mutationFn: async () => {
      if (organisationId === null) throw new Error('no organisation chosen');
      const report = await createSavedReport({ organisationId, from, to, language });
      return { report, pdf: await fetchSavedReportPdf(report.id) };
    },
    onSuccess: (result) => {
      show(result.report, result.pdf);
      void queryClient.invalidateQueries({ queryKey: savedReportsQueryKey });
    },
  });
  const fetchAgain = useMutation({
    mutationFn: async ({ report }: { report: SavedReport; download: boolean }) => ({
      report,
      pdf: await fetchSavedReportPdf(report.id),
    }),
    onSuccess: (result, { download }) => {
      show(result.report, result.pdf);
      if (download) saveFile(result.pdf, savedReportFileName(result.report));
    },
  });
  useReportFromLink((report) => fetchAgain.mutate({ report, download: false }));
  const busy = build.isPending || fetchAgain.isPending;
  const failure = build.error ?? fetchAgain.error;

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('organisation.intro')}</Typography>
      <Box
        component="form"
        aria-label={t('organisation.formLabel')}
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) build.mutate();
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}
      >
        <SelectField
          label={t('organisation.organisationLabel')}
          name="organisationId"
          value={organisationId === null ? '' : String(organisationId)}
          onChange={(value) => setChosenOrganisation(value === '' ? null : Number(value))}
          emptyLabel={t('organisation.chooseOrganisation')}
          options={organisations.map((o) => ({ value: String(o.id), label: o.name }))}
          fullWidth
          size="medium"
        />
        <PeriodSelector />
        <Typography data-testid="report-period">
          {t('organisation.period', { from: reportDay(from, language), to: reportDay(to, language) })}
        </Typography>
        <SelectField
          label={t('organisation.languageLabel')}
          name="language"
          value={language}
          onChange={(value) => setLanguage(value === 'en' ? 'en' : 'nl')}
          options={reportLanguages.map((l) => ({ value: l, label: t(`organisation.languages.${l}`) }))}
          fullWidth
          size="medium"
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || organisationId === null}>
            {t('organisation.create')}
          </Button>
        </Box>
      </Box>
      {busy ? (
        <Box role="status" sx={{ mt: 2, maxWidth: 640 }}>
          <Typography>{build.isPending ? t('organisation.building') : t('preview.loading')}</Typography>
          {/* Indeterminate: the server builds the PDF in one go and cannot say how far it is. */}
          <LinearProgress aria-label={build.isPending ? t('organisation.building') : t('preview.loading')} />
        </Box>
      ) : null}
      {failure && !busy ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t(build.error ? 'organisation.failed' : 'preview.failed', { message: apiErrorMessage(failure, tc) })}
        </Alert>
      ) : null}
      {shown ? <ReportPreview report={shown.report} pdf={shown.pdf} url={shown.url} /> : null}
      <SavedReportsList
        busy={busy}
        onShow={(report) => fetchAgain.mutate({ report, download: false })}
        onDownload={(report) => fetchAgain.mutate({ report, download: true })}
      />
      {administrator ? <ReportDeliveriesPanel /> : null}
    </>
  );
}
