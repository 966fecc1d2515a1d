import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SenseReading } from '@liftwacht/contracts/sense';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { log } from '../../../lib/log.ts';
import { readingLabelsQueryOptions } from '../../../lib/sense-labels-query.ts';
import { labelMap, senseRows, senseValueText, type SenseRow } from '../lib/sense-values.ts';
import { DetailSection } from './detail-section.tsx';

interface SenseDataPanelProps {
  /** The module's number; null when the lift has none. */
  esNumber: string | null;
  /** The lift's organisation, whose own reading names apply. */
  organisationId: number;
  /** Latest reading per field: the GET snapshot, with live readings merged in by the page. */
  readings: readonly SenseReading[] | undefined;
  /** The module type, so a type-specific label wins over a general one. */
  moduleType?: string | null;
  /** The readings could not be loaded; offers a retry. */
  onRetry?: (() => void) | undefined;
}

/** The module's fields with their configured labels (spec §2 sense data, §7 sense configuration). */
export function SenseDataPanel({
  esNumber,
  organisationId,
  readings,
  moduleType = null,
  onRetry,
}: SenseDataPanelProps) {
  const { t: tc } = useTranslation();
  const { t, i18n } = useTranslation('lifts');
  const labelsQuery = useQuery({
    ...readingLabelsQueryOptions(organisationId, toLocale(i18n.language)),
    enabled: esNumber !== null,
  });
  const labels = useMemo(() => labelMap(labelsQuery.data ?? [], moduleType), [labelsQuery.data, moduleType]);

  // Spec §8: a failed configuration load is a toast; the fields then show their keys.
  const labelsFailed = labelsQuery.isError;
  useEffect(() => {
    if (!labelsFailed) return;
    log.warn('sense configuration failed', labelsQuery.error);
    toast.error(t('sense.labelsError'), { id: 'sense-configuration-error' });
  }, [labelsFailed, labelsQuery.error, t]);

  const valueText = (value: unknown, unit: string | null) => {
    const text = senseValueText(value, i18n.language);
    if (text.kind === 'yes') return t('sense.yes');
    if (text.kind === 'no') return t('sense.no');
    if (text.kind === 'empty') return t('details.notSet');
    return unit === null ? text.text : t('sense.withUnit', { value: text.text, unit });
  };

  return (
    <DetailSection
      title={t('sense.title')}
      aside={
        esNumber ? (
          <Typography variant="body2" color="text.secondary">
            {t('sense.module', { es: esNumber })}
          </Typography>
        ) : null
      }
    >
      {esNumber === null ? (
        <Typography variant="body2">{t('sense.noModule')}</Typography>
      ) : onRetry ? (
        <ErrorPanel
          title={tc('errors.component.title')}
          message={tc('errors.retrieving')}
          actionLabel={tc('errors.component.action')}
          onAction={onRetry}
        />
      ) : readings === undefined || labelsQuery.isPending ? (
        <CircularProgress size={24} aria-label={t('sense.title')} />
      ) : (
        <SenseRowsOrEmpty
          rows={senseRows(readings, labels)}
          valueText={valueText}
          time={(at) => formatDateTime(at, i18n.language)}
        />
      )}
    </DetailSection>
  );
}

function SenseRowsOrEmpty(props: SenseTableProps) {
  const { t } = useTranslation('lifts');
  if (props.rows.length === 0) return <Typography variant="body2">{t('sense.empty')}</Typography>;
  return <SenseTable {...props} />;
}

interface SenseTableProps {
  rows: readonly SenseRow[];
  valueText: (value: unknown, unit: string | null) => string;
  time: (at: string) => string;
}

function SenseTable({ rows, valueText, time }: SenseTableProps) {
  const { t } = useTranslation('lifts');
  // A module reports all fields in one message: one time above the table instead of a column of
  // equal times. Once live readings differ per field, each row shows its own.
  const [onlyTime, ...others] = [...new Set(rows.map((row) => row.at))];
  const sharedTime = onlyTime !== undefined && others.length === 0 ? onlyTime : null;
  return (
    <>
      {sharedTime === null ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('sense.allAt', { time: time(sharedTime) })}
        </Typography>
      )}
      <ScrollableTable label={t('sense.tableLabel')}>
        <Table size="small" aria-label={t('sense.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('sense.field')}</TableCell>
              <TableCell align="right">{t('sense.value')}</TableCell>
              {sharedTime === null ? <TableCell>{t('sense.at')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell align="right">{valueText(row.value, row.unit)}</TableCell>
                {sharedTime === null ? <TableCell>{time(row.at)}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
    </>
  );
}
