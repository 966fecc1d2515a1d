import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countersQueryOptions } from '../api/get-counters.ts';
import { energyRange } from '../lib/counter-ranges.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { formatKwh } from '../../../lib/format-kwh.ts';
import { DetailSection } from './detail-section.tsx';
import { QueryState } from '../../../components/query-state.tsx';

/** Energy per month over the last year, in kWh (spec §9: sum / 1000, 1 decimal). */
export function EnergyUsagePanel({ liftId }: { liftId: number }) {
  const { t, i18n } = useTranslation('lifts');
  const [range] = useState(() => energyRange(new Date()));
  const query = useQuery(countersQueryOptions({ liftId, kind: 'energy_wh', ...range }));
  const kwh = (wattHours: number) => t('energy.value', { value: formatKwh(wattHours, i18n.language) });
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const thisMonth = range.to.slice(0, 7);

  return (
    <DetailSection title={t('energy.title')}>
      <QueryState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <Typography variant="body2">{t('counters.noData')}</Typography>
          ) : (
            <>
              <Stack direction="row" spacing={4} sx={{ mb: 1.5 }}>
                <Figure
                  label={t('energy.thisMonth')}
                  value={kwh(data.items.find((item) => item.start.startsWith(thisMonth))?.sum ?? 0)}
                />
                <Figure label={t('energy.last12Months')} value={kwh(data.sum)} />
              </Stack>
              <ScrollableTable label={t('energy.tableLabel')}>
                <Table size="small" aria-label={t('energy.tableLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('energy.month')}</TableCell>
                      <TableCell align="right">{t('energy.usage')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {[...data.items].reverse().map((item) => (
                      <TableRow key={item.start}>
                        <TableCell>{monthName.format(new Date(`${item.start}T00:00:00Z`))}</TableCell>
                        <TableCell align="right">{kwh(item.sum)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollableTable>
            </>
          )
        }
      </QueryState>
    </DetailSection>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </div>
  );
}
