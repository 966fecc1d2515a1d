import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SavedReport } from '@liftwacht/contracts/reports';
import { QueryState } from '../../../components/query-state.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { savedReportsQueryOptions } from '../api/saved-reports.ts';
import { kilobytes, reportDay } from '../lib/report-dates.ts';

interface SavedReportsListProps {
  onShow: (report: SavedReport) => void;
  onDownload: (report: SavedReport) => void;
  busy: boolean;
}

/** "The last reports the user made are listed to fetch again" (issue 20). */
export function SavedReportsList({ onShow, onDownload, busy }: SavedReportsListProps) {
  const { t, i18n } = useTranslation('reports');
  const query = useQuery(savedReportsQueryOptions());
  return (
    <Box component="section" aria-labelledby="saved-reports-title" sx={{ mt: 4 }}>
      <Typography id="saved-reports-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('saved.title')}
      </Typography>
      <QueryState query={query} level="page">
        {(data) =>
          data.length === 0 ? (
            <Typography>{t('saved.empty')}</Typography>
          ) : (
            <ScrollableTable label={t('saved.title')} outlined>
              <Table size="small" aria-label={t('saved.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('saved.organisation')}</TableCell>
                    <TableCell>{t('saved.period')}</TableCell>
                    <TableCell>{t('saved.language')}</TableCell>
                    <TableCell align="right">{t('saved.size')}</TableCell>
                    <TableCell>{t('saved.createdAt')}</TableCell>
                    <TableCell>{t('saved.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((report) => {
                    const from = reportDay(report.from, report.language);
                    const to = reportDay(report.to, report.language);
                    const names = { organisation: report.organisationName, from, to };
                    return (
                      <TableRow key={report.id}>
                        <TableCell>{report.organisationName}</TableCell>
                        <TableCell>{`${from} – ${to}`}</TableCell>
                        <TableCell>{t(`organisation.languages.${report.language}`)}</TableCell>
                        <TableCell align="right">{t('saved.sizeValue', { size: kilobytes(report.size) })}</TableCell>
                        <TableCell>{formatDateTime(report.createdAt, i18n.language)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Button
                            size="small"
                            disabled={busy}
                            aria-label={t('saved.showLabel', names)}
                            onClick={() => onShow(report)}
                          >
                            {t('saved.show')}
                          </Button>
                          <Button
                            size="small"
                            disabled={busy}
                            aria-label={t('saved.downloadLabel', names)}
                            onClick={() => onDownload(report)}
                          >
                            {t('saved.download')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </ScrollableTable>
          )
        }
      </QueryState>
    </Box>
  );
}
