import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import type { EventDetail } from '@liftwacht/contracts/events';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';

type LabelGroup = 'visitTypes' | 'visitRoles' | 'visitStates';

export function EventRelatedVisits({ visits }: { visits: EventDetail['visits'] }) {
  const { t, i18n } = useTranslation('events');
  // Visit codes are open-ended strings in the contract: a code without a label shows as itself.
  const label = (group: LabelGroup, code: string): string =>
    i18n.exists(`events:${group}.${code}`) ? t(`${group}.${code}` as 'visitTypes.other') : code;
  return (
    <section aria-labelledby="event-visits-title">
      <Typography id="event-visits-title" variant="h6" component="h3" sx={{ mt: 3 }}>
        {t('detail.visits')}
      </Typography>
      {visits.items.length === 0 ? (
        <Typography>{t('detail.noVisits')}</Typography>
      ) : (
        // A phone scrolls the table inside its own named box, never the page.
        <ScrollableTable label={t('detail.visits')}>
          <Table size="small" aria-labelledby="event-visits-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.type')}</TableCell>
                <TableCell>{t('fields.role')}</TableCell>
                <TableCell>{t('fields.state')}</TableCell>
                <TableCell>{t('fields.startedAt')}</TableCell>
                <TableCell>{t('fields.endedAt')}</TableCell>
                <TableCell>{t('fields.person')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visits.items.map((visit) => (
                <TableRow key={visit.id}>
                  <TableCell>{label('visitTypes', visit.type)}</TableCell>
                  <TableCell>{label('visitRoles', visit.role)}</TableCell>
                  <TableCell>{label('visitStates', visit.state)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTimeWithSeconds(visit.startedAt, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTimeWithSeconds(visit.endedAt, i18n.language)}
                  </TableCell>
                  <TableCell>{visit.person ?? t('notSet')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
      {visits.total > visits.items.length ? (
        <Typography variant="caption">
          {t('detail.more', { shown: visits.items.length, total: visits.total })}
        </Typography>
      ) : null}
    </section>
  );
}
