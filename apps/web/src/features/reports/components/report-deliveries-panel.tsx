import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { reportDeliveriesQueryOptions } from '../api/report-subscriptions.ts';
import { reportDay, reportLanguageOf } from '../lib/report-dates.ts';

/**
 * For administrators: scheduled report mails that have not gone out — waiting, failing (the mail
 * queue retries them) or skipped because the subscriber lost access.
 */
export function ReportDeliveriesPanel() {
  const { t, i18n } = useTranslation('reports');
  const query = useQuery(reportDeliveriesQueryOptions());
  const language = reportLanguageOf(i18n.language);
  return (
    <Box component="section" aria-labelledby="report-deliveries-title" sx={{ mt: 4 }}>
      <Typography id="report-deliveries-title" variant="h6" component="h2">
        {t('deliveries.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('deliveries.intro')}</Typography>
      <QueryState query={query} level="page">
        {(data) =>
          data.length === 0 ? (
            <Typography>{t('deliveries.empty')}</Typography>
          ) : (
            <ScrollableTable label={t('deliveries.title')} outlined>
              <Table size="small" aria-label={t('deliveries.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('deliveries.recipient')}</TableCell>
                    <TableCell>{t('deliveries.organisation')}</TableCell>
                    <TableCell>{t('deliveries.period')}</TableCell>
                    <TableCell>{t('deliveries.state')}</TableCell>
                    <TableCell align="right">{t('deliveries.attempts')}</TableCell>
                    <TableCell>{t('deliveries.lastError')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((delivery) => (
                    <TableRow key={delivery.id}>
                      <TableCell>{delivery.userName}</TableCell>
                      <TableCell>{delivery.organisationName}</TableCell>
                      <TableCell>{`${reportDay(delivery.from, language)} – ${reportDay(delivery.to, language)}`}</TableCell>
                      <TableCell>{t(`deliveries.states.${delivery.state}`)}</TableCell>
                      <TableCell align="right">{delivery.attempts}</TableCell>
                      <TableCell>{delivery.lastError ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollableTable>
          )
        }
      </QueryState>
    </Box>
  );
}
