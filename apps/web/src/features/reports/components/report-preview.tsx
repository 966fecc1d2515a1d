import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { savedReportFileName, type SavedReport } from '@liftwacht/contracts/reports';
import { saveFile } from '../../../lib/save-file.ts';
import { reportDay } from '../lib/report-dates.ts';

interface ReportPreviewProps {
  report: SavedReport;
  pdf: Blob;
  url: string;
}

/**
 * The report's first pages in the browser's own PDF viewer (no pdf.js in the bundle): an iframe of
 * the PDF's object URL, opened on page 1 at page width. Browsers without a viewer still offer the
 * download button beside it.
 */
export function ReportPreview({ report, pdf, url }: ReportPreviewProps) {
  const { t } = useTranslation('reports');
  const from = reportDay(report.from, report.language);
  const to = reportDay(report.to, report.language);
  return (
    <Box component="section" aria-labelledby="report-preview-title" sx={{ mt: 3 }}>
      <Typography id="report-preview-title" variant="h6" component="h2">
        {t('preview.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, my: 1 }}>
        <Typography data-testid="report-preview-summary">
          {t('preview.summary', {
            organisation: report.organisationName,
            from,
            to,
            language: t(`organisation.languages.${report.language}`),
          })}
        </Typography>
        <Button variant="outlined" onClick={() => saveFile(pdf, savedReportFileName(report))}>
          {t('preview.download')}
        </Button>
      </Box>
      <Box
        component="iframe"
        title={t('preview.frameTitle', { organisation: report.organisationName })}
        src={`${url}#page=1&view=FitH`}
        sx={{ width: '100%', height: { xs: 480, md: 720 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </Box>
  );
}
