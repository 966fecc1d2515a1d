import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { PeriodStats } from '@liftwacht/contracts/dashboard';
import { comparedFigures, figureChange, type ComparedFigure } from '@liftwacht/contracts/dashboard-comparison';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { statsQueryOptions } from '../api/stats-query.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { formatFigure } from '../lib/format-figure.ts';

export interface ComparedPeriod {
  from: string;
  to: string;
  label: string;
}

export interface PeriodComparison {
  key: string;
  /** "Maand", "Kwartaal", "Jaar". */
  title: string;
  current: ComparedPeriod;
  previous: ComparedPeriod;
}

function usePeriodStats(organisationId: number, period: ComparedPeriod) {
  const query = useQuery(statsQueryOptions({ organisationId, view: 'period', from: period.from, to: period.to }));
  return { ...query, stats: query.data?.view === 'period' ? query.data : undefined };
}

/** One unit (month, quarter or year): this period, the previous one and the change per figure. */
export function ComparisonTable({
  comparison,
  organisationId,
}: {
  comparison: PeriodComparison;
  organisationId: number;
}) {
  const { t } = useTranslation(['periods', 'dashboard']);
  const format = useFormats();
  const titleId = useId();
  const current = usePeriodStats(organisationId, comparison.current);
  const previous = usePeriodStats(organisationId, comparison.previous);
  const noLifts = [current.error, previous.error].some((error) => isApiError(error) && error.status === 404);

  const noValue = t('dashboard:cards.noValue');
  const cell = (query: { stats: PeriodStats | undefined; isError: boolean }, figure: ComparedFigure) => {
    if (query.stats) return formatFigure({ kind: figure.kind, value: figure.value(query.stats) }, format, noValue);
    return query.isError ? noValue : <Skeleton width="5ch" />;
  };

  const change = (figure: ComparedFigure) => {
    if (!current.stats || !previous.stats)
      return current.isError || previous.isError ? noValue : <Skeleton width="5ch" />;
    // A figure undefined in either period (no calls, no events) has no change either.
    const delta = figureChange(figure, current.stats, previous.stats);
    if (delta === null) return noValue;
    switch (figure.kind) {
      case 'percentage':
        return format.percentagePoints(delta);
      case 'duration':
        return format.signedDuration(delta);
      case 'count':
        return format.signedCount(delta);
    }
  };

  const tableLabel = t('compare.tableLabel', {
    unit: comparison.title,
    current: comparison.current.label,
    previous: comparison.previous.label,
  });

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 4 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {comparison.title}
      </Typography>
      {noLifts ? (
        <Alert severity="info">{t('dashboard:noLifts')}</Alert>
      ) : (
        <ScrollableTable label={tableLabel}>
          <Table size="small" aria-label={tableLabel}>
            <TableHead>
              <TableRow>
                <TableCell>{t('compare.figure')}</TableCell>
                <TableCell align="right">{comparison.current.label}</TableCell>
                <TableCell align="right">{comparison.previous.label}</TableCell>
                <TableCell align="right">{t('compare.change')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {comparedFigures.map((figure) => (
                <TableRow key={figure.key}>
                  <TableCell component="th" scope="row">
                    {t(`dashboard:period.${figure.key}`)}
                  </TableCell>
                  <TableCell align="right">{cell(current, figure)}</TableCell>
                  <TableCell align="right">{cell(previous, figure)}</TableCell>
                  <TableCell align="right">{change(figure)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </Box>
  );
}
