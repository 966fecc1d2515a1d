import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { exportLiftHistory } from '../api/export-lift-history.ts';
import { liftVisitsQueryOptions } from '../api/get-lift-visits.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { oneLine } from '../../../components/list-entries.tsx';
import { DetailSection } from './detail-section.tsx';
import { TwoLineList } from './two-line-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-paging.ts';

const rowsPerPageOptions = [10, 25, 50];

/** The lift's visits, newest first; each opens the visit page. A table, or two-line rows on a phone. */
export function LiftVisitsPanel({ liftId }: { liftId: number }) {
  const { t, i18n } = useTranslation('lifts');
  const formatDuration = useFormatDuration();
  const narrow = usePhoneLayout();
  const paging = usePaging(10);
  const query = useQuery(liftVisitsQueryOptions(liftId, paging.rows, paging.offset));

  return (
    <DetailSection
      title={t('visits.title')}
      aside={
        <ExportMenu
          label={t('visits.export')}
          onExport={(format, language) => exportLiftHistory(liftId, 'visits', format, language)}
        />
      }
    >
      <QueryState query={query}>
        {(data) => (
          <PagedTable
            total={data.total}
            label={t('visits.tableLabel')}
            emptyText={t('visits.empty')}
            paging={paging}
            rowsPerPageOptions={rowsPerPageOptions}
          >
            {narrow ? (
              <TwoLineList
                label={t('visits.tableLabel')}
                items={data.items.map((visit) => ({
                  key: visit.id,
                  to: paths.visit(liftId, visit.id),
                  primary: (
                    <Box component="span" sx={{ color: 'primary.main', textDecoration: 'underline' }}>
                      {t(`visits.types.${visit.type}`)}
                    </Box>
                  ),
                  secondary: (
                    <>
                      <Box component="span" sx={oneLine}>
                        {formatDateTime(visit.startedAt, i18n.language)}
                      </Box>
                      {` · ${t(`visits.states.${visit.state}`)} · ${formatDuration(visit.durationSeconds)}`}
                      <br />
                      {`${t(`visits.roles.${visit.role}`)} ${visit.person ?? t('details.notSet')}`}
                    </>
                  ),
                }))}
              />
            ) : (
              <Table size="small" aria-label={t('visits.tableLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('visits.type')}</TableCell>
                    <TableCell>{t('visits.role')}</TableCell>
                    <TableCell>{t('visits.state')}</TableCell>
                    <TableCell>{t('visits.startedAt')}</TableCell>
                    <TableCell>{t('visits.endedAt')}</TableCell>
                    <TableCell>{t('visits.duration')}</TableCell>
                    <TableCell>{t('visits.person')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((visit) => (
                    <TableRow key={visit.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={paths.visit(liftId, visit.id)}>
                          {t(`visits.types.${visit.type}`)}
                        </Link>
                      </TableCell>
                      <TableCell>{t(`visits.roles.${visit.role}`)}</TableCell>
                      <TableCell>{t(`visits.states.${visit.state}`)}</TableCell>
                      <TableCell sx={oneLine}>{formatDateTime(visit.startedAt, i18n.language)}</TableCell>
                      <TableCell sx={oneLine}>
                        {formatDateTime(visit.endedAt, i18n.language, t('visits.ongoing'))}
                      </TableCell>
                      <TableCell sx={oneLine}>{formatDuration(visit.durationSeconds)}</TableCell>
                      <TableCell>{visit.person ?? t('details.notSet')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </PagedTable>
        )}
      </QueryState>
    </DetailSection>
  );
}
