import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFileName } from '@liftwacht/contracts/reports';
import { log } from '../../../lib/log.ts';
import { getSessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { fetchReportPdf } from '../api/download-report-pdf.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { PdfIcon } from './pdf-icon.tsx';

/**
 * The dashboard's PDF icon (spec §2): the organisation report of the selected period, saved as
 * liftwacht-organisation-report-{id}.pdf. A failure is only logged (spec §8).
 */
export function ReportDownloadButton() {
  const { t } = useTranslation('reports');
  const allowed = usePermission('reports.download');
  const organisationId = useSession((state) => state.organisationId);

  const download = useCallback(async () => {
    // Read when clicked: the period may have changed since the last render.
    const { organisationId: subjectId, startDate, endDate } = getSessionState();
    if (subjectId === null) return;
    try {
      const pdf = await fetchReportPdf({ subjectId, report: 'organisation', from: startDate, to: endDate });
      saveFile(pdf, reportFileName('organisation', subjectId));
    } catch (error) {
      log.error('downloading the organisation report failed', error);
    }
  }, []);
  const { isPending, run } = useAsyncAction(download);

  if (!allowed || organisationId === null) return null;

  const label = isPending ? t('download.pending') : t('download.label');
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working while the button is disabled. */}
      <span>
        <IconButton
          aria-label={label}
          aria-busy={isPending}
          disabled={isPending}
          onClick={() => void run()}
          color="primary"
        >
          {isPending ? <CircularProgress size={24} aria-label={t('download.pending')} /> : <PdfIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
