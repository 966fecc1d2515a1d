import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { StatsDetailItem, StatsDetailType } from '@liftwacht/contracts/dashboard';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { sortDetails, type DetailsColumn, type DetailsSort } from '../lib/details-values.ts';
import { detailsValueLabelKey } from '../lib/details-unit.ts';
import { DetailsValue } from './details-value.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

interface StatsDetailsTableProps {
  items: readonly StatsDetailItem[];
  /** What the value column measures (the list's unit; known even when the list is empty). */
  unit: StatsDetailItem['unit'];
  /** The figure the list belongs to: some name their value column themselves. */
  type: StatsDetailType;
}

const textColumns = [
  { column: 'name', labelKey: 'statsDetails.columns.lift' },
  { column: 'address', labelKey: 'statsDetails.columns.address' },
  { column: 'buildingName', labelKey: 'statsDetails.columns.building' },
] as const;

/** The lifts behind a figure; every column sorts, every row opens its lift (spec §2). */
export function StatsDetailsTable({ items, unit, type }: StatsDetailsTableProps) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormats();
  const navigate = useNavigate();
  const [sort, setSort] = useState<DetailsSort | null>(null);
  const locale = toLocale(i18n.language);
  // Without a chosen column the server's order stands (availability: lowest first).
  const rows = useMemo(() => (sort ? sortDetails(items, sort, locale) : items), [items, sort, locale]);

  const header = (column: DetailsColumn, label: string) => {
    const active = sort?.column === column;
    const direction = active ? sort.direction : 'asc';
    return (
      <TableCell key={column} sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={direction}
          onClick={() => setSort({ column, direction: active && direction === 'asc' ? 'desc' : 'asc' })}
        >
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };

  return (
    <ScrollableTable label={t('statsDetails.tableLabel')}>
      <Table size="small" aria-label={t('statsDetails.tableLabel')}>
        <TableHead>
          <TableRow>
            {textColumns.map(({ column, labelKey }) => header(column, t(labelKey)))}
            {header('value', t(detailsValueLabelKey(type, unit)))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item) => (
            <TableRow
              key={item.liftId}
              hover
              // The name is the keyboard's link; the row is a larger target for the mouse.
              onClick={() => void navigate(paths.lift(item.liftId))}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>
                <Link component={RouterLink} to={paths.lift(item.liftId)} onClick={(event) => event.stopPropagation()}>
                  {item.name || t('statsDetails.liftFallback', { id: item.liftId })}
                </Link>
              </TableCell>
              <TableCell>{item.address}</TableCell>
              <TableCell>{item.buildingName}</TableCell>
              <TableCell>
                <DetailsValue item={item} format={format} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
